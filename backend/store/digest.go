package store

import (
	"context"
	"slices"
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
	Invitations string
	TaskAlerts  string
}

func (notificationSettingRow) TableName() string { return "notification_settings" }

type notificationSettingColumn = column[notificationSettingRow]

var notificationSettingColumns = columnsOf(
	notificationSettingColumn{"notification_settings.user_id", func(r *notificationSettingRow) any { return &r.UserID }},
	notificationSettingColumn{"notification_settings.messages", func(r *notificationSettingRow) any { return &r.Messages }},
	notificationSettingColumn{"notification_settings.submissions", func(r *notificationSettingRow) any { return &r.Submissions }},
	notificationSettingColumn{"notification_settings.payments", func(r *notificationSettingRow) any { return &r.Payments }},
	notificationSettingColumn{"notification_settings.invitations", func(r *notificationSettingRow) any { return &r.Invitations }},
	notificationSettingColumn{"notification_settings.task_alerts", func(r *notificationSettingRow) any { return &r.TaskAlerts }},
)

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

// nameRow is the columns of users a name is made of.
type nameRow struct {
	UserType, Email, FirstName, LastName, CompanyName string
}

// nameColumns are nameRow's columns. The names are nullable in the schema, though the store never
// writes NULL to them: COALESCE lets them scan into strings.
var nameColumns = columnsOf(
	column[nameRow]{"users.user_type", func(r *nameRow) any { return &r.UserType }},
	column[nameRow]{"users.email", func(r *nameRow) any { return &r.Email }},
	column[nameRow]{"COALESCE(users.first_name, '')", func(r *nameRow) any { return &r.FirstName }},
	column[nameRow]{"COALESCE(users.last_name, '')", func(r *nameRow) any { return &r.LastName }},
	column[nameRow]{"COALESCE(users.company_name, '')", func(r *nameRow) any { return &r.CompanyName }},
)

func (n nameRow) displayName() string {
	return (&accounts.User{Type: accounts.UserType(n.UserType), Email: n.Email, FirstName: n.FirstName,
		LastName: n.LastName, CompanyName: n.CompanyName}).DisplayName()
}

// Digests is the email digests' store (digest.Store).
type Digests struct{ DB *gorm.DB }

func (s Digests) Settings(ctx context.Context, userID string) (digest.Settings, error) {
	row, found, err := firstOf(s.DB.WithContext(ctx), whereOf("notification_settings.user_id = ?", userID).
		stmt("SELECT "+notificationSettingColumns.list+" FROM notification_settings", nil, limit(1)), notificationSettingColumns)
	if err != nil {
		return digest.Settings{}, err
	}
	if !found {
		return digest.Defaults, nil
	}
	return row.settings(), nil
}

func (r notificationSettingRow) settings() digest.Settings {
	return digest.Settings{Messages: digest.Mode(r.Messages), Submissions: digest.Mode(r.Submissions),
		Payments: digest.Mode(r.Payments), Invitations: digest.Mode(r.Invitations), TaskAlerts: digest.Mode(r.TaskAlerts)}
}

func (s Digests) SaveSettings(ctx context.Context, userID string, in digest.Settings) error {
	row := notificationSettingRow{UserID: userID, Messages: string(in.Messages), Submissions: string(in.Submissions),
		Payments: string(in.Payments), Invitations: string(in.Invitations), TaskAlerts: string(in.TaskAlerts)}
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"messages", "submissions", "payments", "invitations", "task_alerts"}),
	}).Create(&row).Error
}

// Pending reads the unread messages and notifications past each user's marks, through the
// partial indexes over unread rows (migration 0015), in one round trip.
func (s Digests) Pending(ctx context.Context) ([]digest.Pending, error) {
	type pendingRow struct {
		UserID       string
		Kind         string
		SentAt       *time.Time // the mark's, none without one (the LEFT JOIN)
		CoveredUntil *time.Time
	}
	pendingColumns := func(user, kind string) columns[pendingRow] {
		return columnsOf(column[pendingRow]{user, func(r *pendingRow) any { return &r.UserID }},
			column[pendingRow]{kind, func(r *pendingRow) any { return &r.Kind }},
			column[pendingRow]{"d.sent_at", func(r *pendingRow) any { return &r.SentAt }},
			column[pendingRow]{"d.covered_until", func(r *pendingRow) any { return &r.CoveredUntil }})
	}
	b := newReadBatch(s.DB.WithContext(ctx))
	var rows, notes []pendingRow
	messageCols := pendingColumns("m.receiver_id", "'message'")
	read(b, sqlOf(`
		SELECT `+messageCols.list+`
		FROM messages m LEFT JOIN digest_marks d ON d.user_id = m.receiver_id AND d.kind = 'message'
		WHERE m.read_at IS NULL AND (d.covered_until IS NULL OR m.created_at > d.covered_until)
		GROUP BY m.receiver_id, d.sent_at, d.covered_until`), messageCols, &rows)
	// The unread are written as the partial index's condition (unreadSQL).
	noteCols := pendingColumns("n.user_id", "n.kind")
	read(b, sqlOf(`
		SELECT `+noteCols.list+`
		FROM notifications n LEFT JOIN digest_marks d ON d.user_id = n.user_id AND d.kind = n.kind
		WHERE n.is_read = false AND (d.covered_until IS NULL OR n.created_at > d.covered_until)
		GROUP BY n.user_id, n.kind, d.sent_at, d.covered_until`), noteCols, &notes)
	if err := b.run(); err != nil {
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

// recipientRow is a user with their settings, none when they changed none (the LEFT JOIN).
type recipientRow struct {
	ID                                                       string
	name                                                     nameRow
	Messages, Submissions, Payments, Invitations, TaskAlerts *string
}

var recipientColumns = columnsOf(slices.Concat(
	[]column[recipientRow]{{"users.id", func(r *recipientRow) any { return &r.ID }}},
	within(nameColumns, func(r *recipientRow) *nameRow { return &r.name }),
	[]column[recipientRow]{
		{"ns.messages", func(r *recipientRow) any { return &r.Messages }},
		{"ns.submissions", func(r *recipientRow) any { return &r.Submissions }},
		{"ns.payments", func(r *recipientRow) any { return &r.Payments }},
		{"ns.invitations", func(r *recipientRow) any { return &r.Invitations }},
		{"ns.task_alerts", func(r *recipientRow) any { return &r.TaskAlerts }},
	})...)

// userAt is a user and a time of theirs: when they were last seen, or last mailed a digest.
type userAt struct {
	UserID string
	At     time.Time
}

// userAtColumns are the user_id of table and its column at.
func userAtColumns(table, at string) columns[userAt] {
	return columnsOf(column[userAt]{table + ".user_id", func(r *userAt) any { return &r.UserID }},
		column[userAt]{table + "." + at, func(r *userAt) any { return &r.At }})
}

var (
	lastSeenAtColumns    = userAtColumns("last_seen", "seen_at")
	sessionSeenAtColumns = userAtColumns("sessions", "last_seen_at")
	lastDigestAtColumns  = userAtColumns("digest_marks", "sent_at")
)

// Recipients reads the users with their settings, when they were last seen (their sessions'
// last request or their last closed tab) and their last digest, 500 ids a statement, each 500's
// four statements in one round trip.
func (s Digests) Recipients(ctx context.Context, userIDs []string) (map[string]digest.Recipient, error) {
	out := make(map[string]digest.Recipient, len(userIDs))
	db := s.DB.WithContext(ctx)
	for start := 0; start < len(userIDs); start += 500 {
		ids := userIDs[start:min(start+500, len(userIDs))]
		b := newReadBatch(db)
		var users []recipientRow
		read(b, whereOf(inList(db, "users.id", ids)).stmt("SELECT "+recipientColumns.list+
			" FROM users LEFT JOIN notification_settings ns ON ns.user_id = users.id", nil, ""), recipientColumns, &users)
		var seen, sessions, marks []userAt
		read(b, whereOf(inList(db, "last_seen.user_id", ids)).stmt("SELECT "+lastSeenAtColumns.list+" FROM last_seen", nil, ""),
			lastSeenAtColumns, &seen)
		read(b, whereOf(inList(db, "sessions.user_id", ids)).and("sessions.ended_at IS NULL").
			stmt("SELECT "+sessionSeenAtColumns.list+" FROM sessions", nil, ""), sessionSeenAtColumns, &sessions)
		read(b, whereOf(inList(db, "digest_marks.user_id", ids)).stmt("SELECT "+lastDigestAtColumns.list+" FROM digest_marks", nil, ""),
			lastDigestAtColumns, &marks)
		if err := b.run(); err != nil {
			return nil, err
		}
		for _, u := range users {
			r := digest.Recipient{ID: u.ID, Email: u.name.Email, Settings: digest.Defaults}
			r.Name = u.name.displayName()
			if u.Messages != nil {
				r.Settings = notificationSettingRow{Messages: *u.Messages, Submissions: *u.Submissions, Payments: *u.Payments,
					Invitations: *u.Invitations, TaskAlerts: *u.TaskAlerts}.settings()
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
		for _, r := range seen {
			later(r.UserID, r.At, lastSeen)
		}
		for _, r := range sessions {
			later(r.UserID, r.At, lastSeen)
		}
		for _, r := range marks {
			later(r.UserID, r.At, func(r *digest.Recipient) *time.Time { return &r.LastMail })
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

// missedMessageRow is an unread message with its sender's name.
type missedMessageRow struct {
	SenderID, Content string
	CreatedAt         time.Time
	sender            nameRow
}

var missedMessageColumns = columnsOf(slices.Concat(
	[]column[missedMessageRow]{
		{"messages.sender_id", func(r *missedMessageRow) any { return &r.SenderID }},
		{"messages.content", func(r *missedMessageRow) any { return &r.Content }},
		{"messages.created_at", func(r *missedMessageRow) any { return &r.CreatedAt }},
	},
	within(nameColumns, func(r *missedMessageRow) *nameRow { return &r.sender }))...)

// Missed reads every type's items in one round trip.
func (s Digests) Missed(ctx context.Context, userID string, w digest.Window, n int) ([]digest.Item, error) {
	b := newReadBatch(s.DB.WithContext(ctx))
	until := w.Until.UTC()
	var each []func() []digest.Item // in digest.Types' order, once b has run
	for _, t := range digest.Types {
		from, ok := w.From[t]
		if !ok {
			continue
		}
		if t == digest.Messages {
			var rows []missedMessageRow
			read(b, whereOf("messages.receiver_id = ? AND messages.read_at IS NULL", userID).
				and("messages.created_at > ? AND messages.created_at <= ?", from.UTC(), until).
				stmt("SELECT "+missedMessageColumns.list+" FROM messages JOIN users ON users.id = messages.sender_id", nil,
					" ORDER BY messages.id"+limit(n)), missedMessageColumns, &rows)
			each = append(each, func() (items []digest.Item) {
				for _, r := range rows {
					items = append(items, digest.Item{Type: t, From: r.SenderID, FromName: r.sender.displayName(), Text: r.Content, CreatedAt: r.CreatedAt.UTC()})
				}
				return items
			})
			continue
		}
		var rows []notificationRow
		read(b, whereOf("notifications.user_id = ? AND notifications.kind = ?", userID, string(t)).and(unreadSQL).
			and("notifications.created_at > ? AND notifications.created_at <= ?", from.UTC(), until).
			stmt("SELECT "+notificationColumns.list+" FROM notifications", nil, " ORDER BY notifications.id"+limit(n)),
			notificationColumns, &rows)
		each = append(each, func() (items []digest.Item) {
			for _, r := range rows {
				items = append(items, digest.Item{Type: t, Text: r.Message, Quote: r.Quote, QuoteAuthor: r.QuoteAuthor,
					Link: r.Link, CreatedAt: r.CreatedAt.UTC()})
			}
			return items
		})
	}
	if err := b.run(); err != nil {
		return nil, err
	}
	var items []digest.Item
	for _, typeItems := range each {
		items = append(items, typeItems()...)
	}
	return items, nil
}

func (s Digests) Seen(ctx context.Context, userID string, at time.Time) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"seen_at"}),
	}).Create(&lastSeenRow{UserID: userID, SeenAt: at.UTC()}).Error
}
