package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

type sessionRow struct {
	ID         string
	UserID     string
	Device     string
	IP         string
	CreatedAt  time.Time
	LastSeenAt time.Time
	EndedAt    *time.Time
}

func (sessionRow) TableName() string { return "sessions" }

type sessionColumn = column[sessionRow]

var sessionColumns = columnsOf(
	sessionColumn{"sessions.id", func(r *sessionRow) any { return &r.ID }},
	sessionColumn{"sessions.user_id", func(r *sessionRow) any { return &r.UserID }},
	sessionColumn{"sessions.device", func(r *sessionRow) any { return &r.Device }},
	sessionColumn{"sessions.ip", func(r *sessionRow) any { return &r.IP }},
	sessionColumn{"sessions.created_at", func(r *sessionRow) any { return &r.CreatedAt }},
	sessionColumn{"sessions.last_seen_at", func(r *sessionRow) any { return &r.LastSeenAt }},
	sessionColumn{"sessions.ended_at", func(r *sessionRow) any { return &r.EndedAt }},
)

// Sessions is the sessions store (accounts.SessionStore).
type Sessions struct{ DB *gorm.DB }

func (s Sessions) CreateSession(ctx context.Context, sess *accounts.SessionInfo) error {
	sess.ID = NewID()
	now := time.Now().UTC()
	sess.CreatedAt, sess.LastSeenAt = now, now
	return s.DB.WithContext(ctx).Create(&sessionRow{
		ID: sess.ID, UserID: sess.UserID, Device: truncate(sess.Device, 200), IP: truncate(sess.IP, 64),
		CreatedAt: now, LastSeenAt: now,
	}).Error
}

// CheckSession runs on every request whose cached session ran out, so it is scanned by hand
// (rowsOf), not by gorm's reflection.
func (s Sessions) CheckSession(ctx context.Context, id string) (*accounts.SessionCheck, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, "Session not found.")
	}
	type checkRow struct {
		UserID        string
		EndedAt       *time.Time
		LastSeenAt    time.Time
		TokenVersion  int
		UserUpdatedAt time.Time
	}
	cols := columnsOf(column[checkRow]{"sessions.user_id", func(r *checkRow) any { return &r.UserID }},
		column[checkRow]{"sessions.ended_at", func(r *checkRow) any { return &r.EndedAt }},
		column[checkRow]{"sessions.last_seen_at", func(r *checkRow) any { return &r.LastSeenAt }},
		column[checkRow]{"users.token_version", func(r *checkRow) any { return &r.TokenVersion }},
		column[checkRow]{"users.updated_at", func(r *checkRow) any { return &r.UserUpdatedAt }})
	rows, err := rowsOf(s.DB.WithContext(ctx), whereOf("sessions.id = ?", id).
		stmt("SELECT "+cols.list+" FROM sessions JOIN users ON users.id = sessions.user_id", nil, limit(1)), cols)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, "Session not found.")
	}
	r := rows[0]
	return &accounts.SessionCheck{UserID: r.UserID, Ended: r.EndedAt != nil, LastSeenAt: r.LastSeenAt,
		TokenVersion: r.TokenVersion, UserUpdatedAt: r.UserUpdatedAt}, nil
}

func (s Sessions) TouchSession(ctx context.Context, id string, at time.Time) error {
	return s.DB.WithContext(ctx).Model(&sessionRow{}).Where("id = ? AND ended_at IS NULL", id).
		Update("last_seen_at", at.UTC()).Error
}

// ActiveSessions lists a user's sessions that have not ended, the most recent first.
func (s Sessions) ActiveSessions(ctx context.Context, userID string) ([]accounts.SessionInfo, error) {
	rows, err := rowsOf(s.DB.WithContext(ctx), sqlOf("SELECT "+sessionColumns.list+" FROM sessions WHERE sessions.user_id = ? AND sessions.ended_at IS NULL "+
		"ORDER BY sessions.last_seen_at DESC, sessions.id DESC"+limit(100), userID), sessionColumns)
	out := make([]accounts.SessionInfo, 0, len(rows))
	for _, r := range rows {
		out = append(out, *toSession(r))
	}
	return out, err
}

// EndSessions ends the user's sessions named in ids, or every one but except when ids is nil,
// and returns the ids it ended.
func (s Sessions) EndSessions(ctx context.Context, userID string, ids []string, except string) ([]string, error) {
	var ended []string
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		w := whereOf("sessions.user_id = ? AND sessions.ended_at IS NULL AND sessions.id <> ?", userID, except)
		if ids != nil {
			w = w.and(inList(tx, "sessions.id", ids))
		}
		var err error
		if ended, err = rowsOf(tx, w.stmt("SELECT sessions.id FROM sessions", nil, ""), value[string]("sessions.id")); err != nil || len(ended) == 0 {
			return err
		}
		return tx.Model(&sessionRow{}).Where("id IN ?", ended).Update("ended_at", time.Now().UTC()).Error
	})
	return ended, err
}

func toSession(r sessionRow) *accounts.SessionInfo {
	return &accounts.SessionInfo{ID: r.ID, UserID: r.UserID, Device: r.Device, IP: r.IP,
		CreatedAt: r.CreatedAt, LastSeenAt: r.LastSeenAt, Ended: r.EndedAt != nil}
}
