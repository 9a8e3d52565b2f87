package store

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrateChat creates messages. Ids are UUID v7, so ordering by id is ordering by time and an id
// is the catch-up cursor. The indexes serve the three queries chat runs:
//   - a thread, (sender, receiver) in both directions read in id order: idx_messages_pair;
//   - a user's conversations, their messages as sender (idx_messages_pair's prefix) and as
//     receiver with the unread ones: idx_messages_receiver;
//   - a retried send, by sender and client id, which is unique (NULLs, sends without a client
//     id, never collide on either database).
func migrateChat() *gormigrate.Migration {
	type message struct {
		ID         string     `gorm:"primaryKey;size:36;index:idx_messages_pair,priority:3"`
		SenderID   string     `gorm:"size:36;not null;index:idx_messages_pair,priority:1;uniqueIndex:idx_messages_sender_client,priority:1"`
		ReceiverID string     `gorm:"size:36;not null;index:idx_messages_pair,priority:2;index:idx_messages_receiver,priority:1"`
		Content    string     `gorm:"type:text;not null"`
		ClientID   *string    `gorm:"size:64;uniqueIndex:idx_messages_sender_client,priority:2"`
		CreatedAt  time.Time  `gorm:"not null"`
		ReadAt     *time.Time `gorm:"index:idx_messages_receiver,priority:2"`
	}
	return &gormigrate.Migration{
		ID: "0003_chat",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&message{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(&message{})
		},
	}
}
