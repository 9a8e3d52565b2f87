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

type notificationColumn = column[notificationRow]

var notificationColumns = columnsOf(
	notificationColumn{"notifications.id", func(r *notificationRow) any { return &r.ID }},
	notificationColumn{"notifications.user_id", func(r *notificationRow) any { return &r.UserID }},
	notificationColumn{"notifications.kind", func(r *notificationRow) any { return &r.Kind }},
	notificationColumn{"notifications.message", func(r *notificationRow) any { return &r.Message }},
	notificationColumn{"notifications.quote", func(r *notificationRow) any { return &r.Quote }},
	notificationColumn{"notifications.quote_author", func(r *notificationRow) any { return &r.QuoteAuthor }},
	notificationColumn{"notifications.link", func(r *notificationRow) any { return &r.Link }},
	notificationColumn{"notifications.is_read", func(r *notificationRow) any { return &r.IsRead }},
	notificationColumn{"notifications.created_at", func(r *notificationRow) any { return &r.CreatedAt }},
)

// unreadSQL is a notification not read yet, written as the condition of the partial index over
// the unread ones (migration 0015): with the value bound instead, a plan kept for every value
// (a batch's, genericPlans) could not use that index.
const unreadSQL = "notifications.is_read = false"

// Notifications is the notifications store. Rows are created by the transaction of the change
// they announce (createNotification on that transaction's handle).
type Notifications struct{ DB *gorm.DB }

// Notifications reads the count with the page, in one round trip.
func (s Notifications) Notifications(ctx context.Context, userID string, in notify.ListInput, offset, n int) ([]notify.Notification, int, error) {
	w := whereOf("notifications.user_id = ?", userID)
	if in.UnreadOnly {
		w = w.and(unreadSQL)
	}
	if in.After != "" {
		// Ids are UUID v7: ordered by creation time, so "after" is a plain comparison.
		w = w.and("notifications.id > ?", in.After)
	}
	b := newReadBatch(s.DB.WithContext(ctx))
	var total int
	readCount(b, w.stmt("SELECT COUNT(*) FROM notifications", nil, ""), &total)
	var rows []notificationRow
	page, pageArgs := limitOffset(n, offset)
	read(b, w.stmt("SELECT "+notificationColumns.list+" FROM notifications", nil, " ORDER BY notifications.id DESC"+page, pageArgs...),
		notificationColumns, &rows)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	out := make([]notify.Notification, 0, len(rows))
	for _, r := range rows {
		out = append(out, notify.Notification{ID: r.ID, UserID: r.UserID, Kind: r.Kind, Message: r.Message,
			Quote: r.Quote, QuoteAuthor: r.QuoteAuthor, Link: r.Link, Read: r.IsRead, CreatedAt: r.CreatedAt.UTC()})
	}
	return out, total, nil
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
	return countNow(s.DB.WithContext(ctx), whereOf("notifications.user_id = ?", userID).and(unreadSQL).
		stmt("SELECT COUNT(*) FROM notifications", nil, ""))
}

// unreadCountsChunk bounds the ids of one counting statement, well under SQLite's limit on bound
// parameters.
const unreadCountsChunk = 1000

// UnreadCounts reads every chunk's counts in one round trip.
func (s Notifications) UnreadCounts(ctx context.Context, userIDs []string) (map[string]int, error) {
	type unreadRow struct {
		UserID string
		Unread int
	}
	cols := columnsOf(column[unreadRow]{"notifications.user_id", func(r *unreadRow) any { return &r.UserID }},
		column[unreadRow]{"COUNT(*)", func(r *unreadRow) any { return &r.Unread }})
	b := newReadBatch(s.DB.WithContext(ctx))
	chunks := slices.Collect(slices.Chunk(userIDs, unreadCountsChunk))
	counted := make([][]unreadRow, len(chunks))
	for i, chunk := range chunks {
		read(b, whereOf(inList(b.db, "notifications.user_id", chunk)).and(unreadSQL).
			stmt("SELECT "+cols.list+" FROM notifications", nil, " GROUP BY notifications.user_id"), cols, &counted[i])
	}
	if err := b.run(); err != nil {
		return nil, err
	}
	counts := make(map[string]int, len(userIDs))
	for _, id := range userIDs {
		counts[id] = 0
	}
	for _, rows := range counted {
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
