package store

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/notify"
)

type notificationRow struct {
	ID          string
	UserID      string
	Kind        string
	Message     string
	Quote       string
	QuoteAuthor string
	Link        string
	IsRead      bool
	CreatedAt   time.Time
}

func (notificationRow) TableName() string { return "notifications" }

// Notifications is the notifications store. Rows are created by the transaction of the change
// they announce (createNotification on that transaction's handle).
type Notifications struct{ DB *gorm.DB }

func (s Notifications) Notifications(ctx context.Context, userID string, in notify.ListInput, offset, limit int) ([]notify.Notification, int, error) {
	q := s.DB.WithContext(ctx).Model(&notificationRow{}).Where("user_id = ?", userID)
	if in.UnreadOnly {
		q = q.Where("is_read = ?", false)
	}
	if in.After != "" {
		// Ids are UUID v7: ordered by creation time, so "after" is a plain comparison.
		q = q.Where("id > ?", in.After)
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []notificationRow
	if err := q.Order("id DESC").Offset(offset).Limit(limit).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	out := make([]notify.Notification, 0, len(rows))
	for _, r := range rows {
		out = append(out, notify.Notification{ID: r.ID, UserID: r.UserID, Kind: r.Kind, Message: r.Message,
			Quote: r.Quote, QuoteAuthor: r.QuoteAuthor, Link: r.Link, Read: r.IsRead, CreatedAt: r.CreatedAt.UTC()})
	}
	return out, int(total), nil
}

func (s Notifications) MarkRead(ctx context.Context, userID, id string) error {
	notFound := apperr.New(apperr.NotFound, "Notification not found.")
	if !ValidID(id) {
		return notFound
	}
	res := s.DB.WithContext(ctx).Model(&notificationRow{}).Where("id = ? AND user_id = ?", id, userID).Update("is_read", true)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return notFound
	}
	return nil
}

func (s Notifications) UnreadCount(ctx context.Context, userID string) (int, error) {
	var n int64
	err := s.DB.WithContext(ctx).Model(&notificationRow{}).Where("user_id = ? AND is_read = ?", userID, false).Count(&n).Error
	return int(n), err
}

// unreadCountsChunk bounds the ids of one counting statement, well under SQLite's and
// PostgreSQL's limits on bound parameters.
const unreadCountsChunk = 1000

func (s Notifications) UnreadCounts(ctx context.Context, userIDs []string) (map[string]int, error) {
	counts := make(map[string]int, len(userIDs))
	for _, id := range userIDs {
		counts[id] = 0
	}
	for chunk := range slices.Chunk(userIDs, unreadCountsChunk) {
		var rows []struct {
			UserID string
			Unread int
		}
		err := s.DB.WithContext(ctx).Model(&notificationRow{}).Select("user_id, count(*) AS unread").
			Where("user_id IN ? AND is_read = ?", chunk, false).Group("user_id").Scan(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			counts[r.UserID] = r.Unread
		}
	}
	return counts, nil
}

// createNotification inserts n on db, which is the transaction of the change n announces.
func createNotification(db *gorm.DB, n *notify.Notification) error {
	row := notificationRow{ID: NewID(), UserID: n.UserID, Kind: n.Kind, Message: n.Message, Quote: n.Quote,
		QuoteAuthor: n.QuoteAuthor, Link: n.Link}
	if err := db.Create(&row).Error; err != nil {
		return err
	}
	n.ID, n.CreatedAt = row.ID, row.CreatedAt.UTC()
	return nil
}
