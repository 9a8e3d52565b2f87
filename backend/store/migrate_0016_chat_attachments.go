package store

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateChatAttachments creates message_attachments: the files a chat message carries, in the
// order they were sent. A thread page loads its attachments in one query by message id (the
// primary key's prefix); a file belongs to one message at most (the unique file_id), which is also
// how the upload sweep (store.Files) finds a chat file still in use.
func migrateChatAttachments() *gormigrate.Migration {
	type messageAttachment struct {
		MessageID string `gorm:"primaryKey;size:36"`
		Position  int    `gorm:"primaryKey;autoIncrement:false"`
		FileID    string `gorm:"size:36;not null;uniqueIndex"`
	}
	return &gormigrate.Migration{
		ID: "0016_chat_attachments",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&messageAttachment{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("message_attachments")
		},
	}
}
