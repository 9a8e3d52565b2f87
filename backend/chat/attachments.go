package chat

import (
	"context"
	"slices"
	"unicode/utf8"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

// Attachment is a file sent with a message: an image (shown inline) or a PDF (downloaded),
// uploaded first as uploads.Chat by the sender.
type Attachment struct {
	FileID      string
	Name        string
	ContentType string
	Size        int64
}

// AttachmentInput is a file the sender names in a send: the URL POST /api/uploads/chat answered
// (signed or not). The name is the client's label only: the stored, sanitized name is shown.
type AttachmentInput struct {
	URL  string
	Name string
}

// Upload is a stored file as a send checks it: whose it is, of which kind, and whether a message
// already holds it.
type Upload struct {
	Attachment
	OwnerID  string
	Kind     uploads.Kind
	Attached bool
}

// Links signs the URL of a stored file for a reader (uploads.Links): chat files open only through
// such a link, and only the two people in a conversation are handed one.
type Links interface {
	Sign(stored string) string
}

// MaxAttachments is how many files one message may carry.
const MaxAttachments = 5

// maxAttachmentNameLen bounds the client's label of a file.
const maxAttachmentNameLen = 200

// ErrAttachmentTaken is the store's answer when a file is already attached to another message.
var ErrAttachmentTaken = apperr.Field("attachments", "This file was already sent. Attach it again to send it again.")

var errAttachmentUnknown = apperr.Field("attachments", "A file could not be attached: attach only files you uploaded to this chat.")

// attachmentIDs validates the shape of in and returns the file ids it names, in order.
func attachmentIDs(in []AttachmentInput) ([]string, error) {
	if len(in) > MaxAttachments {
		return nil, apperr.Field("attachments", "At most 5 files per message")
	}
	ids := make([]string, 0, len(in))
	for _, a := range in {
		if utf8.RuneCountInString(a.Name) > maxAttachmentNameLen {
			return nil, apperr.Field("attachments", "A file name must be at most 200 characters")
		}
		id, ok := uploads.IDFromURL(uploads.Unsigned(a.URL))
		if !ok || !validID(id) {
			return nil, errAttachmentUnknown
		}
		if slices.Contains(ids, id) {
			return nil, apperr.Field("attachments", "The same file is attached twice")
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// checkAttachments returns the files ids name when every one is a chat upload of sender's that no
// message holds yet; a file of someone else's is refused like an unknown one.
func (s *Service) checkAttachments(ctx context.Context, senderID string, ids []string) ([]Attachment, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	found, err := s.Store.Uploads(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]Upload, len(found))
	for _, u := range found {
		byID[u.FileID] = u
	}
	out := make([]Attachment, len(ids))
	for i, id := range ids {
		u, ok := byID[id]
		switch {
		case !ok || u.OwnerID != senderID || u.Kind != uploads.Chat:
			return nil, errAttachmentUnknown
		case u.Attached:
			return nil, ErrAttachmentTaken
		}
		out[i] = u.Attachment
	}
	return out, nil
}

// AttachmentData is an attachment as clients see it; URL is a link signed for the reader that
// works for uploads.LinkTTL (reading the thread again hands out a fresh one).
type AttachmentData struct {
	URL  string `json:"url"`
	Name string `json:"name"`
	Type string `json:"type"`
	Size int64  `json:"size"`
}

// Data converts m for one of its two parties, with signed links to its files.
func (s *Service) Data(m Message) MessageData {
	d := MessageData{
		ID: m.ID, Sender: m.SenderID, Receiver: m.ReceiverID, Content: m.Content,
		ClientID: m.ClientID, CreatedAt: m.CreatedAt.UTC(), ReadAt: m.ReadAt,
		Attachments: make([]AttachmentData, len(m.Attachments)),
	}
	for i, a := range m.Attachments {
		url := uploads.URLPrefix + a.FileID
		if s.Links != nil {
			url = s.Links.Sign(url)
		}
		d.Attachments[i] = AttachmentData{URL: url, Name: a.Name, Type: a.ContentType, Size: a.Size}
	}
	return d
}

// sameFiles reports whether m carries exactly the files ids, in order.
func sameFiles(m *Message, ids []string) bool {
	if len(m.Attachments) != len(ids) {
		return false
	}
	for i, a := range m.Attachments {
		if a.FileID != ids[i] {
			return false
		}
	}
	return true
}
