package chat

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
)

// SendInput is the message form: who to, what, which files, and an optional client id that makes
// a retried send return the first message instead of storing a second one.
type SendInput struct {
	Receiver    string
	Content     string
	ClientID    string
	Attachments []AttachmentInput
}

// maxIDLen bounds the receiver field before it is looked up; real ids are 36 characters.
const maxIDLen = 64

func validateSend(in SendInput) error {
	var v apperr.Validator
	if v.Check(in.Receiver != "", "receiver", "Receiver is required") {
		v.Check(len(in.Receiver) <= maxIDLen, "receiver", "User not found.")
	}
	// A message with files may have no text.
	if v.Check(strings.TrimSpace(in.Content) != "" || len(in.Attachments) > 0, "content", "Message cannot be empty") {
		v.Check(utf8.RuneCountInString(in.Content) <= MaxContentLen, "content", "Message must be at most 2000 characters")
	}
	v.Check(len(in.ClientID) <= MaxClientIDLen, "clientId", "clientId must be at most 64 characters")
	return v.Err()
}

// Send stores a message from sender and announces it to both parties. created is false when the
// client id matched a message sent before: that message is returned and nothing is announced
// again. Sending is rate-limited per user across instances; a retry counts like any send.
func (s *Service) Send(ctx context.Context, sender *accounts.User, in SendInput) (msg *Message, created bool, err error) {
	in.Receiver = strings.TrimSpace(in.Receiver)
	in.ClientID = strings.TrimSpace(in.ClientID)
	in.Content = strings.TrimSpace(in.Content)
	if err := validateSend(in); err != nil {
		return nil, false, err
	}
	fileIDs, err := attachmentIDs(in.Attachments)
	if err != nil {
		return nil, false, err
	}
	if err := s.checkPartner(ctx, sender, in.Receiver); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil, false, apperr.Field("receiver", "User not found.")
		}
		return nil, false, err
	}
	if err := s.throttle(ctx, sender.ID); err != nil {
		return nil, false, err
	}

	files, err := s.checkAttachments(ctx, sender.ID, fileIDs)
	if err != nil {
		// A retry finds its files attached to the message it sent first.
		if in.ClientID != "" && errors.Is(err, ErrAttachmentTaken) {
			if prev, rerr := s.replay(ctx, sender.ID, in, fileIDs); rerr != nil || prev != nil {
				return prev, false, rerr
			}
		}
		return nil, false, err
	}

	m := &Message{SenderID: sender.ID, ReceiverID: in.Receiver, Content: in.Content, ClientID: in.ClientID, Attachments: files}
	err = s.Store.CreateMessage(ctx, m)
	if errors.Is(err, ErrDuplicateClientID) {
		// A retry: the client id's unique index recognises it, so a new message, the common
		// case, costs the insert alone and no lookup first.
		prev, err := s.replay(ctx, sender.ID, in, fileIDs)
		return prev, false, err
	}
	if err != nil {
		return nil, false, err
	}
	// The receiver first; the sender for their other tabs. Both are the message's parties, so
	// both may have the signed links.
	s.Publisher.Publish(ctx, EventMessage, s.Data(*m), m.ReceiverID, m.SenderID)
	return m, true, nil
}

// replay returns the message sender already stored under in.ClientID, or nil when there is none.
// Reusing a client id for a different message is a conflict.
func (s *Service) replay(ctx context.Context, senderID string, in SendInput, fileIDs []string) (*Message, error) {
	prev, err := s.Store.MessageByClientID(ctx, senderID, in.ClientID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if prev.ReceiverID != in.Receiver || prev.Content != in.Content || !sameFiles(prev, fileIDs) {
		return nil, &apperr.Error{Code: apperr.Conflict, Message: "This client id was already used for another message.",
			Fields: map[string]string{"clientId": "This client id was already used for another message."}}
	}
	return prev, nil
}

func (s *Service) throttle(ctx context.Context, userID string) error {
	return ratelimit.Take(ctx, s.Limiter, "chat:send:"+userID, s.Limits.MessagesPerMinute, minute,
		"You are sending messages too fast. Please wait a moment.")
}
