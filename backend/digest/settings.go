package digest

import (
	"context"

	"bridgework/backend/apperr"
)

// Mode is how a type of email reaches a user.
type Mode string

const (
	Immediate Mode = "immediate" // as soon as no tab of theirs is open
	Hourly    Mode = "hourly"    // once offline DIGEST_OFFLINE_AFTER, at most one per DIGEST_MIN_INTERVAL
	Daily     Mode = "daily"     // the same, at most one a day
	Off       Mode = "off"
)

// Type is what a digest gathers; its values are the kinds of notify.Notification, and "message".
type Type string

const (
	Messages    Type = "message"
	Submissions Type = "submission"
	Payments    Type = "payment"
	Invitations Type = "invitation"
	TaskAlerts  Type = "alert"
)

// Types are the types in the order a digest shows them.
var Types = []Type{Messages, Invitations, Submissions, Payments, TaskAlerts}

// Settings are a user's preferences, one mode per type.
type Settings struct {
	Messages    Mode `json:"messages"`
	Submissions Mode `json:"submissions"`
	Payments    Mode `json:"payments"`
	// Invitations: a startup's invitation to a task, or a student's answer to one. A client
	// that sends no mode for it keeps the one saved (SaveSettings).
	Invitations Mode `json:"invitations"`
	TaskAlerts  Mode `json:"taskAlerts"`
}

// Defaults are the settings of a user who never changed them.
var Defaults = Settings{Messages: Hourly, Submissions: Hourly, Payments: Hourly, Invitations: Hourly, TaskAlerts: Hourly}

// Mode is the mode of type t.
func (s Settings) Mode(t Type) Mode { return *s.field(t) }

func (s *Settings) field(t Type) *Mode {
	switch t {
	case Messages:
		return &s.Messages
	case Submissions:
		return &s.Submissions
	case Payments:
		return &s.Payments
	case Invitations:
		return &s.Invitations
	}
	return &s.TaskAlerts
}

// fieldName is a type's name in the settings' JSON and in the unsubscribe answer.
func fieldName(t Type) string {
	switch t {
	case Messages:
		return "messages"
	case Submissions:
		return "submissions"
	case Payments:
		return "payments"
	case Invitations:
		return "invitations"
	}
	return "taskAlerts"
}

const badMode = "Choose immediate, hourly, daily or off"

func validMode(m Mode) bool { return m == Immediate || m == Hourly || m == Daily || m == Off }

// Settings reads a user's preferences.
func (s *Service) Settings(ctx context.Context, userID string) (Settings, error) {
	return s.Store.Settings(ctx, userID)
}

// SaveSettings replaces a user's preferences; every type must name a mode but Invitations,
// which keeps the saved one when none is given: the type came after the settings forms that
// send the other four.
func (s *Service) SaveSettings(ctx context.Context, userID string, in Settings) (Settings, error) {
	if in.Invitations == "" {
		saved, err := s.Store.Settings(ctx, userID)
		if err != nil {
			return Settings{}, err
		}
		in.Invitations = saved.Invitations
	}
	var v apperr.Validator
	for _, t := range Types {
		v.Check(validMode(in.Mode(t)), fieldName(t), badMode)
	}
	if err := v.Err(); err != nil {
		return Settings{}, err
	}
	if err := s.Store.SaveSettings(ctx, userID, in); err != nil {
		return Settings{}, err
	}
	return in, nil
}
