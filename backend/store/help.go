package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/help"
)

type helpRequestRow struct {
	ID        string
	Phone     string
	Email     string
	Topic     string
	Message   string
	CreatedAt time.Time
}

func (helpRequestRow) TableName() string { return "help_requests" }

// HelpRequests is the help store.
type HelpRequests struct{ DB *gorm.DB }

func (s HelpRequests) CreateHelpRequest(ctx context.Context, r *help.Request) error {
	row := helpRequestRow{ID: NewID(), Phone: r.Phone, Email: r.Email, Topic: r.Topic, Message: r.Message}
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return err
	}
	r.ID, r.CreatedAt = row.ID, row.CreatedAt
	return nil
}
