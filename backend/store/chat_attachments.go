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

// messageFileRow is a file of a message, with what a message shows of it.
type messageFileRow struct {
	MessageID   string
	FileID      string
	Name        string
	ContentType string
	Size        int64
}

var messageFileColumns = columnsOf(
	column[messageFileRow]{"ma.message_id", func(r *messageFileRow) any { return &r.MessageID }},
	column[messageFileRow]{"ma.file_id", func(r *messageFileRow) any { return &r.FileID }},
	column[messageFileRow]{"f.name", func(r *messageFileRow) any { return &r.Name }},
	column[messageFileRow]{"f.content_type", func(r *messageFileRow) any { return &r.ContentType }},
	column[messageFileRow]{"f.size", func(r *messageFileRow) any { return &r.Size }},
)

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
	rows, err := rowsOf(db, attachmentsQuery(db, ids), messageFileColumns)
	if err != nil {
		return err
	}
	attach(msgs, rows)
	return nil
}

// attachmentsQuery reads the files of the messages ids, each message's in the order they were sent.
func attachmentsQuery(db *gorm.DB, ids []string) stmt {
	return whereOf(inList(db, "ma.message_id", ids)).stmt("SELECT "+messageFileColumns.list+
		" FROM message_attachments ma JOIN files f ON f.id = ma.file_id", nil, " ORDER BY ma.message_id, ma.position")
}

// attach sets the attachments of msgs from rows, which attachmentsQuery read, [] for a message
// without any.
func attach(msgs []chat.Message, rows []messageFileRow) {
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
}

// uploadRow is a file without its data, and whether a message holds it.
type uploadRow struct {
	file     fileRow
	attached bool
}

var uploadColumns = columnsOf(append(within(fileColumns, func(r *uploadRow) *fileRow { return &r.file }),
	column[uploadRow]{"EXISTS (SELECT 1 FROM message_attachments ma WHERE ma.file_id = files.id)", func(r *uploadRow) any { return &r.attached }})...)

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
	db := s.DB.WithContext(ctx)
	rows, err := rowsOf(db, whereOf(inList(db, "files.id", valid)).stmt("SELECT "+uploadColumns.list+" FROM files", nil, ""), uploadColumns)
	if err != nil {
		return nil, err
	}
	out := make([]chat.Upload, len(rows))
	for i, r := range rows {
		f := r.file
		out[i] = chat.Upload{
			Attachment: chat.Attachment{FileID: f.ID, Name: f.Name, ContentType: f.ContentType, Size: f.Size},
			OwnerID:    f.OwnerID, Kind: uploads.Kind(f.Kind), Attached: r.attached,
		}
	}
	return out, nil
}
