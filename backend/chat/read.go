package chat

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
)

const minute = time.Minute

// Thread returns the messages between viewer and partnerID in time order, limit at most: the
// latest, or those after or before a message id (see Cursor). Only messages the viewer sent or
// received are ever returned.
func (s *Service) Thread(ctx context.Context, viewer *accounts.User, partnerID string, cur Cursor, limit int) ([]Message, error) {
	var v apperr.Validator
	v.Check(cur.After == "" || validID(cur.After), "after", "after must be a message id")
	v.Check(cur.Before == "" || validID(cur.Before), "before", "before must be a message id")
	v.Check(cur.After == "" || cur.Before == "", "before", "Use after or before, not both")
	v.Check(cur.Query == "" || cur.After == "", "after", "A search pages with before, not after")
	v.Check(utf8.RuneCountInString(cur.Query) <= MaxQueryLen, "q", "Search must be at most 200 characters")
	if err := v.Err(); err != nil {
		return nil, err
	}
	// Ids compare as text.
	cur = Cursor{After: strings.ToLower(cur.After), Before: strings.ToLower(cur.Before), Query: strings.TrimSpace(cur.Query)}
	if err := s.checkPartner(ctx, viewer, partnerID); err != nil {
		return nil, err
	}
	return s.Store.Thread(ctx, viewer.ID, partnerID, cur, limit)
}

// Conversations lists viewer's chat partners, most recent conversation first, each with the
// last message, the unread count and whether the partner is online.
func (s *Service) Conversations(ctx context.Context, viewer *accounts.User) ([]Conversation, error) {
	convs, err := s.Store.Conversations(ctx, viewer.ID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(convs))
	for i, c := range convs {
		ids[i] = c.Partner.ID
	}
	on := s.online(ctx, ids)
	for i := range convs {
		convs[i].Online = on[convs[i].Partner.ID]
	}
	return convs, nil
}

// Partners lists the users viewer may start a chat with: startups for a student, students for a
// startup (the /chat left column).
func (s *Service) Partners(ctx context.Context, viewer *accounts.User) ([]Partner, error) {
	want, ok := PartnerType(viewer)
	if !ok {
		return nil, errNoChat
	}
	users, err := s.Store.UsersOfType(ctx, want, maxPartners)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	on := s.online(ctx, ids)
	out := make([]Partner, len(users))
	for i, u := range users {
		out[i] = Partner{User: u, Online: on[u.ID]}
	}
	return out, nil
}

// MarkRead records that reader has read every message partnerID sent them and, when that
// changed anything, tells both (the sender's read ticks, the reader's other tabs' badges).
func (s *Service) MarkRead(ctx context.Context, reader *accounts.User, partnerID string) (ReadReceipt, error) {
	if err := s.checkPartner(ctx, reader, partnerID); err != nil {
		return ReadReceipt{}, err
	}
	r, err := s.Store.MarkRead(ctx, reader.ID, partnerID, s.now())
	if err != nil || r.Count == 0 {
		return r, err
	}
	data := ReadData{ReaderID: r.ReaderID, SenderID: r.SenderID, UpTo: r.UpTo, ReadAt: r.ReadAt}
	s.Publisher.Publish(ctx, EventRead, data, partnerID, reader.ID)
	return r, nil
}

// MarkAllRead marks every conversation of reader read, each with its own read receipt to its
// partner (MarkRead), and reports how many messages that marked.
func (s *Service) MarkAllRead(ctx context.Context, reader *accounts.User) (int, error) {
	convs, err := s.Store.Conversations(ctx, reader.ID)
	if err != nil {
		return 0, err
	}
	marked := 0
	for _, c := range convs {
		if c.UnreadCount == 0 {
			continue
		}
		r, err := s.MarkRead(ctx, reader, c.Partner.ID)
		if err != nil {
			return marked, err
		}
		marked += r.Count
	}
	return marked, nil
}
