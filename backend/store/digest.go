package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bridgework/backend/accounts"
	"bridgework/backend/digest"
)

type notificationSettingRow struct {
	UserID      string
	Messages    string
	Submissions string
	Payments    string
	TaskAlerts  string
}

func (notificationSettingRow) TableName() string { return "notification_settings" }

type digestMarkRow struct {
	UserID       string
	Kind         string
	SentAt       time.Time
	CoveredUntil time.Time
}

func (digestMarkRow) TableName() string { return "digest_marks" }

type lastSeenRow struct {
	UserID string
	SeenAt time.Time
}

func (lastSeenRow) TableName() string { return "last_seen" }

// NameColumns are the columns of users a name is made of (exported: gorm fills embedded
// structs only through exported fields).
type NameColumns struct {
	UserType, Email, FirstName, LastName, CompanyName string
}

func (n NameColumns) displayName() string {
	return (&accounts.User{Type: accounts.UserType(n.UserType), Email: n.Email, FirstName: n.FirstName,
		LastName: n.LastName, CompanyName: n.CompanyName}).DisplayName()
}

// Digests is the email digests' store (digest.Store).
type Digests struct{ DB *gorm.DB }

func (s Digests) Settings(ctx context.Context, userID string) (digest.Settings, error) {
	var rows []notificationSettingRow
	if err := s.DB.WithContext(ctx).Where("user_id = ?", userID).Limit(1).Find(&rows).Error; err != nil {
		return digest.Settings{}, err
	}
	if len(rows) == 0 {
		return digest.Defaults, nil
	}
	return rows[0].settings(), nil
}

func (r notificationSettingRow) settings() digest.Settings {
	return digest.Settings{Messages: digest.Mode(r.Messages), Submissions: digest.Mode(r.Submissions),
		Payments: digest.Mode(r.Payments), TaskAlerts: digest.Mode(r.TaskAlerts)}
}

func (s Digests) SaveSettings(ctx context.Context, userID string, in digest.Settings) error {
	row := notificationSettingRow{UserID: userID, Messages: string(in.Messages), Submissions: string(in.Submissions),
		Payments: string(in.Payments), TaskAlerts: string(in.TaskAlerts)}
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"messages", "submissions", "payments", "task_alerts"}),
	}).Create(&row).Error
}

// Pending reads the unread messages and notifications past each user's marks, through the
// partial indexes over unread rows (migration 0015).
func (s Digests) Pending(ctx context.Context) ([]digest.Pending, error) {
	type pendingRow struct {
		UserID       string
		Kind         string
		SentAt       *time.Time
		CoveredUntil *time.Time
	}
	var rows, notes []pendingRow
	err := s.DB.WithContext(ctx).Raw(`
		SELECT m.receiver_id AS user_id, 'message' AS kind, d.sent_at, d.covered_until
		FROM messages m LEFT JOIN digest_marks d ON d.user_id = m.receiver_id AND d.kind = 'message'
		WHERE m.read_at IS NULL AND (d.covered_until IS NULL OR m.created_at > d.covered_until)
		GROUP BY m.receiver_id, d.sent_at, d.covered_until`).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	err = s.DB.WithContext(ctx).Raw(`
		SELECT n.user_id, n.kind, d.sent_at, d.covered_until
		FROM notifications n LEFT JOIN digest_marks d ON d.user_id = n.user_id AND d.kind = n.kind
		WHERE n.is_read = ? AND (d.covered_until IS NULL OR n.created_at > d.covered_until)
		GROUP BY n.user_id, n.kind, d.sent_at, d.covered_until`, false).Scan(&notes).Error
	if err != nil {
		return nil, err
	}
	out := make([]digest.Pending, 0, len(rows)+len(notes))
	for _, r := range append(rows, notes...) {
		p := digest.Pending{UserID: r.UserID, Type: digest.Type(r.Kind), SentAt: r.SentAt}
		if r.CoveredUntil != nil {
			p.From = r.CoveredUntil.UTC()
		}
		out = append(out, p)
	}
	return out, nil
}

// Recipients reads the users with their settings, when they were last seen (their sessions'
// last request or their last closed tab) and their last digest, 500 ids a statement.
func (s Digests) Recipients(ctx context.Context, userIDs []string) (map[string]digest.Recipient, error) {
	out := make(map[string]digest.Recipient, len(userIDs))
	db := s.DB.WithContext(ctx)
	for start := 0; start < len(userIDs); start += 500 {
		ids := userIDs[start:min(start+500, len(userIDs))]
		var users []struct {
			NameColumns
			ID                                          string
			Messages, Submissions, Payments, TaskAlerts *string
		}
		err := db.Table("users").Select("users.id, users.user_type, users.email, users.first_name, users.last_name, users.company_name, ns.messages, ns.submissions, ns.payments, ns.task_alerts").
			Joins("LEFT JOIN notification_settings ns ON ns.user_id = users.id").
			Where("users.id IN ?", ids).Scan(&users).Error
		if err != nil {
			return nil, err
		}
		for _, u := range users {
			r := digest.Recipient{ID: u.ID, Email: u.Email, Settings: digest.Defaults}
			r.Name = u.displayName()
			if u.Messages != nil {
				r.Settings = notificationSettingRow{Messages: *u.Messages, Submissions: *u.Submissions, Payments: *u.Payments,
					TaskAlerts: *u.TaskAlerts}.settings()
			}
			out[u.ID] = r
		}
		later := func(id string, at time.Time, field func(*digest.Recipient) *time.Time) {
			if r, ok := out[id]; ok && at.After(*field(&r)) {
				*field(&r) = at.UTC()
				out[id] = r
			}
		}
		lastSeen := func(r *digest.Recipient) *time.Time { return &r.LastSeen }
		var seen []lastSeenRow
		if err := db.Where("user_id IN ?", ids).Find(&seen).Error; err != nil {
			return nil, err
		}
		for _, r := range seen {
			later(r.UserID, r.SeenAt, lastSeen)
		}
		var sessions []sessionRow
		if err := db.Select("user_id", "last_seen_at").Where("user_id IN ? AND ended_at IS NULL", ids).Find(&sessions).Error; err != nil {
			return nil, err
		}
		for _, r := range sessions {
			later(r.UserID, r.LastSeenAt, lastSeen)
		}
		var marks []digestMarkRow
		if err := db.Select("user_id", "sent_at").Where("user_id IN ?", ids).Find(&marks).Error; err != nil {
			return nil, err
		}
		for _, r := range marks {
			later(r.UserID, r.SentAt, func(r *digest.Recipient) *time.Time { return &r.LastMail })
		}
	}
	return out, nil
}

func (s Digests) Schedule(ctx context.Context, digests []digest.Scheduled, until time.Time) error {
	until = until.UTC()
	var mails []outboxRow
	var marks []digestMarkRow
	for _, d := range digests {
		mails = append(mails, newOutboxRow(d.Mail, until))
		for _, t := range d.Types {
			marks = append(marks, digestMarkRow{UserID: d.UserID, Kind: string(t), SentAt: until, CoveredUntil: until})
		}
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.CreateInBatches(&mails, 500).Error; err != nil {
			return err
		}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "user_id"}, {Name: "kind"}},
			DoUpdates: clause.AssignmentColumns([]string{"sent_at", "covered_until"}),
		}).CreateInBatches(&marks, 500).Error
	})
}

func (s Digests) Missed(ctx context.Context, userID string, w digest.Window, limit int) ([]digest.Item, error) {
	db := s.DB.WithContext(ctx)
	until := w.Until.UTC()
	var items []digest.Item
	for _, t := range digest.Types {
		from, ok := w.From[t]
		if !ok {
			continue
		}
		if t == digest.Messages {
			var rows []struct {
				NameColumns
				SenderID, Content string
				CreatedAt         time.Time
			}
			err := db.Table("messages m").
				Select("m.sender_id, m.content, m.created_at, u.user_type, u.first_name, u.last_name, u.company_name, u.email").
				Joins("JOIN users u ON u.id = m.sender_id").
				Where("m.receiver_id = ? AND m.read_at IS NULL AND m.created_at > ? AND m.created_at <= ?", userID, from.UTC(), until).
				Order("m.id").Limit(limit).Scan(&rows).Error
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				items = append(items, digest.Item{Type: t, From: r.SenderID, FromName: r.displayName(), Text: r.Content, CreatedAt: r.CreatedAt.UTC()})
			}
			continue
		}
		var rows []notificationRow
		err := db.Where("user_id = ? AND kind = ? AND is_read = ? AND created_at > ? AND created_at <= ?", userID, string(t), false, from.UTC(), until).
			Order("id").Limit(limit).Find(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			items = append(items, digest.Item{Type: t, Text: r.Message, Quote: r.Quote, QuoteAuthor: r.QuoteAuthor,
				Link: r.Link, CreatedAt: r.CreatedAt.UTC()})
		}
	}
	return items, nil
}

func (s Digests) Seen(ctx context.Context, userID string, at time.Time) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"seen_at"}),
	}).Create(&lastSeenRow{UserID: userID, SeenAt: at.UTC()}).Error
}
