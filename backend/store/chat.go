package store

import (
	"context"
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/chat"
)

type messageRow struct {
	ID         string
	SenderID   string
	ReceiverID string
	Content    string
	ClientID   *string
	CreatedAt  time.Time
	ReadAt     *time.Time
}

func (messageRow) TableName() string { return "messages" }

func (r messageRow) toDomain() chat.Message {
	m := chat.Message{ID: r.ID, SenderID: r.SenderID, ReceiverID: r.ReceiverID, Content: r.Content,
		CreatedAt: r.CreatedAt.UTC(), ReadAt: r.ReadAt}
	if r.ClientID != nil {
		m.ClientID = *r.ClientID
	}
	if m.ReadAt != nil {
		at := m.ReadAt.UTC()
		m.ReadAt = &at
	}
	return m
}

// Messages is the chat store. With Inserts, messages without files sent at the same moment are
// written together (MessageInserts); without, each on its own.
type Messages struct {
	DB      *gorm.DB
	Inserts *MessageInserts
}

func (s Messages) CreateMessage(ctx context.Context, m *chat.Message) error {
	row := messageRow{ID: NewID(), SenderID: m.SenderID, ReceiverID: m.ReceiverID, Content: m.Content}
	if m.ClientID != "" {
		row.ClientID = &m.ClientID
	}
	files := m.Attachments
	insert := func(tx *gorm.DB) error {
		err := tx.Create(&row).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return chat.ErrDuplicateClientID
		}
		if err != nil || len(files) == 0 {
			return err
		}
		rows := make([]attachmentRow, len(files))
		for i, f := range files {
			rows[i] = attachmentRow{MessageID: row.ID, Position: i, FileID: f.FileID}
		}
		// The unique file_id: two sends racing for one file, one wins.
		err = tx.Create(&rows).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return chat.ErrAttachmentTaken
		}
		return err
	}
	var err error
	switch {
	case len(files) == 0 && s.Inserts != nil:
		row.CreatedAt = time.Now().UTC() // gorm's stamp, taken here so the batch keeps each send's time
		err = s.Inserts.insert(ctx, s.DB, row)
	case len(files) == 0:
		// One statement commits on its own: gorm's default BEGIN/COMMIT around it would only add
		// two round trips to the hottest write of the product.
		err = insert(s.DB.WithContext(ctx).Session(&gorm.Session{SkipDefaultTransaction: true}))
	default:
		err = s.DB.WithContext(ctx).Transaction(insert)
	}
	if err != nil {
		return err
	}
	*m = row.toDomain()
	m.Attachments = files
	return nil
}

func (s Messages) MessageByClientID(ctx context.Context, senderID, clientID string) (*chat.Message, error) {
	var row messageRow
	err := s.DB.WithContext(ctx).Where("sender_id = ? AND client_id = ?", senderID, clientID).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Message not found.")
	}
	m := []chat.Message{row.toDomain()}
	if err := withAttachments(s.DB.WithContext(ctx), m); err != nil {
		return nil, err
	}
	return &m[0], nil
}

func (s Messages) Thread(ctx context.Context, a, b string, cur chat.Cursor, limit int) ([]chat.Message, error) {
	q := s.DB.WithContext(ctx).
		Where("(sender_id = ? AND receiver_id = ?) OR (sender_id = ? AND receiver_id = ?)", a, b, b, a).
		Limit(limit)
	var rows []messageRow
	var err error
	if cur.Query != "" {
		if cur.Before != "" {
			q = q.Where("id < ?", cur.Before)
		}
		err = q.Where(`LOWER(content) LIKE ? ESCAPE '\'`, likePattern(cur.Query)).Order("id DESC").Find(&rows).Error
	} else if cur.After != "" {
		err = q.Where("id > ?", cur.After).Order("id").Find(&rows).Error
	} else {
		// The latest page, or the one before a message: read backwards, then put it in time order.
		if cur.Before != "" {
			q = q.Where("id < ?", cur.Before)
		}
		err = q.Order("id DESC").Find(&rows).Error
		slices.Reverse(rows)
	}
	if err != nil {
		return nil, err
	}
	out := make([]chat.Message, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out, withAttachments(s.DB.WithContext(ctx), out)
}

func (s Messages) MarkRead(ctx context.Context, readerID, senderID string, at time.Time) (chat.ReadReceipt, error) {
	r := chat.ReadReceipt{ReaderID: readerID, SenderID: senderID, ReadAt: at.UTC()}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		unread := func() *gorm.DB {
			return tx.Model(&messageRow{}).Where("sender_id = ? AND receiver_id = ? AND read_at IS NULL", senderID, readerID)
		}
		var newest []string
		if err := unread().Order("id DESC").Limit(1).Pluck("id", &newest).Error; err != nil || len(newest) == 0 {
			return err
		}
		// Bounded by the newest unread id now: a message committed meanwhile stays unread.
		res := unread().Where("id <= ?", newest[0]).Update("read_at", r.ReadAt)
		if res.Error != nil {
			return res.Error
		}
		r.UpTo, r.Count = newest[0], int(res.RowsAffected)
		return nil
	})
	return r, err
}

// conversationRow is one partner of a user: the id of the latest message between them and the
// number of the partner's messages the user has not read.
type conversationRow struct {
	PartnerID string
	LastID    string
	Unread    int
}

func (s Messages) Conversations(ctx context.Context, userID string) ([]chat.Conversation, error) {
	db := s.DB.WithContext(ctx)
	var convs []conversationRow
	// Two index scans (as sender, as receiver) instead of one OR over both columns.
	err := db.Raw(`
SELECT partner_id, MAX(id) AS last_id, SUM(CASE WHEN receiver_id = ? AND read_at IS NULL THEN 1 ELSE 0 END) AS unread
FROM (
	SELECT receiver_id AS partner_id, id, receiver_id, read_at FROM messages WHERE sender_id = ?
	UNION ALL
	SELECT sender_id AS partner_id, id, receiver_id, read_at FROM messages WHERE receiver_id = ?
) m
GROUP BY partner_id
ORDER BY last_id DESC`, userID, userID, userID).Scan(&convs).Error
	if err != nil || len(convs) == 0 {
		return nil, err
	}
	lastIDs, partnerIDs := make([]string, len(convs)), make([]string, len(convs))
	for i, c := range convs {
		lastIDs[i], partnerIDs[i] = c.LastID, c.PartnerID
	}
	var messages []messageRow
	if err := db.Where(inList(db, "id", lastIDs)).Find(&messages).Error; err != nil {
		return nil, err
	}
	var users []userRow
	if err := db.Where(inList(db, "id", partnerIDs)).Find(&users).Error; err != nil {
		return nil, err
	}
	messageByID := make(map[string]messageRow, len(messages))
	for _, m := range messages {
		messageByID[m.ID] = m
	}
	userByID := make(map[string]*userRow, len(users))
	for i := range users {
		userByID[users[i].ID] = &users[i]
	}
	out := make([]chat.Conversation, 0, len(convs))
	for _, c := range convs {
		u, ok := userByID[c.PartnerID]
		if !ok {
			continue // a deleted account: nothing to show
		}
		out = append(out, chat.Conversation{Partner: u.toDomain(), LastMessage: messageByID[c.LastID].toDomain(), UnreadCount: c.Unread})
	}
	last := make([]chat.Message, len(out))
	for i := range out {
		last[i] = out[i].LastMessage
	}
	if err := withAttachments(db, last); err != nil {
		return nil, err
	}
	for i := range out {
		out[i].LastMessage = last[i]
	}
	return out, nil
}

func (s Messages) PartnerIDs(ctx context.Context, userID string, limit int) ([]string, error) {
	var ids []string
	err := s.DB.WithContext(ctx).Raw(`
SELECT receiver_id FROM messages WHERE sender_id = ?
UNION
SELECT sender_id FROM messages WHERE receiver_id = ?
LIMIT ?`, userID, userID, limit).Scan(&ids).Error
	return ids, err
}

func (s Messages) UsersOfType(ctx context.Context, t accounts.UserType, limit int) ([]*accounts.User, error) {
	var rows []userRow
	err := s.DB.WithContext(ctx).Where("user_type = ?", string(t)).
		Order("LOWER(company_name), LOWER(first_name), LOWER(last_name), id").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]*accounts.User, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// UserByID loads a chat partner without their skills: chat needs the type and the names only.
func (s Messages) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, userNotFound)
	}
	var row userRow
	if err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, translate(err, userNotFound)
	}
	return row.toDomain(), nil
}
