package store

import (
	"context"

	"gorm.io/gorm"

	"bridgework/backend/chat"
	"bridgework/backend/uploads"
)

// attachmentRow is one file of a chat message (migrate_0016_chat_attachments.go).
type attachmentRow struct {
	MessageID string
	Position  int
	FileID    string
}

func (attachmentRow) TableName() string { return "message_attachments" }

// withAttachments fills in the attachments of msgs with one query, whatever the page's size, and
// sets every message's list, [] when it has none.
func withAttachments(db *gorm.DB, msgs []chat.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	ids := make([]string, len(msgs))
	for i, m := range msgs {
		ids[i] = m.ID
	}
	var rows []struct {
		MessageID   string
		FileID      string
		Name        string
		ContentType string
		Size        int64
	}
	inIDs, arg := inList(db, "ma.message_id", ids)
	err := db.Raw(`SELECT ma.message_id, ma.file_id, f.name, f.content_type, f.size
FROM message_attachments ma JOIN files f ON f.id = ma.file_id
WHERE `+inIDs+` ORDER BY ma.message_id, ma.position`, arg).Scan(&rows).Error
	if err != nil {
		return err
	}
	byMessage := make(map[string][]chat.Attachment, len(rows))
	for _, r := range rows {
		byMessage[r.MessageID] = append(byMessage[r.MessageID],
			chat.Attachment{FileID: r.FileID, Name: r.Name, ContentType: r.ContentType, Size: r.Size})
	}
	for i := range msgs {
		msgs[i].Attachments = byMessage[msgs[i].ID]
		if msgs[i].Attachments == nil {
			msgs[i].Attachments = []chat.Attachment{}
		}
	}
	return nil
}

// Uploads returns the files among ids, without their data, each saying whether a message holds it.
func (s Messages) Uploads(ctx context.Context, ids []string) ([]chat.Upload, error) {
	valid := make([]string, 0, len(ids))
	for _, id := range ids {
		if ValidID(id) {
			valid = append(valid, id)
		}
	}
	if len(valid) == 0 {
		return nil, nil
	}
	var rows []struct {
		ID          string
		OwnerID     string
		Kind        string
		Name        string
		ContentType string
		Size        int64
		Attached    bool
	}
	err := s.DB.WithContext(ctx).Raw(`SELECT f.id, f.owner_id, f.kind, f.name, f.content_type, f.size,
	EXISTS (SELECT 1 FROM message_attachments ma WHERE ma.file_id = f.id) AS attached
FROM files f WHERE f.id IN ?`, valid).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]chat.Upload, len(rows))
	for i, r := range rows {
		out[i] = chat.Upload{
			Attachment: chat.Attachment{FileID: r.ID, Name: r.Name, ContentType: r.ContentType, Size: r.Size},
			OwnerID:    r.OwnerID, Kind: uploads.Kind(r.Kind), Attached: r.Attached,
		}
	}
	return out, nil
}
