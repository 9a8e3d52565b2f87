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

type messageColumn = column[messageRow]

var messageColumns = columnsOf(
	messageColumn{"messages.id", func(r *messageRow) any { return &r.ID }},
	messageColumn{"messages.sender_id", func(r *messageRow) any { return &r.SenderID }},
	messageColumn{"messages.receiver_id", func(r *messageRow) any { return &r.ReceiverID }},
	messageColumn{"messages.content", func(r *messageRow) any { return &r.Content }},
	messageColumn{"messages.client_id", func(r *messageRow) any { return &r.ClientID }},
	messageColumn{"messages.created_at", func(r *messageRow) any { return &r.CreatedAt }},
	messageColumn{"messages.read_at", func(r *messageRow) any { return &r.ReadAt }},
)

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
	db := s.DB.WithContext(ctx)
	row, err := oneOf(db, whereOf("messages.sender_id = ? AND messages.client_id = ?", senderID, clientID).
		stmt("SELECT "+messageColumns.list+" FROM messages", nil, limit(1)), messageColumns, "Message not found.")
	if err != nil {
		return nil, err
	}
	m := []chat.Message{row.toDomain()}
	if err := withAttachments(db, m); err != nil {
		return nil, err
	}
	return &m[0], nil
}

func (s Messages) Thread(ctx context.Context, a, b string, cur chat.Cursor, n int) ([]chat.Message, error) {
	db := s.DB.WithContext(ctx)
	w := whereOf("((messages.sender_id = ? AND messages.receiver_id = ?) OR (messages.sender_id = ? AND messages.receiver_id = ?))", a, b, b, a)
	order := " ORDER BY messages.id DESC"
	switch {
	case cur.Query != "":
		if cur.Before != "" {
			w = w.and("messages.id < ?", cur.Before)
		}
		w = w.and(`LOWER(messages.content) LIKE ? ESCAPE '\'`, likePattern(cur.Query))
	case cur.After != "":
		w, order = w.and("messages.id > ?", cur.After), " ORDER BY messages.id"
	case cur.Before != "":
		w = w.and("messages.id < ?", cur.Before)
	}
	rows, err := rowsOf(db, w.stmt("SELECT "+messageColumns.list+" FROM messages", nil, order+limit(n)), messageColumns)
	if err != nil {
		return nil, err
	}
	if cur.Query == "" && cur.After == "" {
		// The latest page, or the one before a message: read backwards, then put it in time order.
		slices.Reverse(rows)
	}
	out := make([]chat.Message, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out, withAttachments(db, out)
}

func (s Messages) MarkRead(ctx context.Context, readerID, senderID string, at time.Time) (chat.ReadReceipt, error) {
	r := chat.ReadReceipt{ReaderID: readerID, SenderID: senderID, ReadAt: at.UTC()}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		const unread = "messages.sender_id = ? AND messages.receiver_id = ? AND messages.read_at IS NULL"
		id := value[string]("messages.id")
		newest, found, err := firstOf(tx, whereOf(unread, senderID, readerID).
			stmt("SELECT "+id.list+" FROM messages", nil, " ORDER BY messages.id DESC"+limit(1)), id)
		if err != nil || !found {
			return err
		}
		// Bounded by the newest unread id now: a message committed meanwhile stays unread.
		res := tx.Model(&messageRow{}).Where(unread, senderID, readerID).Where("id <= ?", newest).Update("read_at", r.ReadAt)
		if res.Error != nil {
			return res.Error
		}
		r.UpTo, r.Count = newest, int(res.RowsAffected)
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

// conversationColumns are read from the user's messages as sender and as receiver (m); the
// unread count's ? is the user.
var conversationColumns = columnsOf(
	column[conversationRow]{"m.partner_id", func(r *conversationRow) any { return &r.PartnerID }},
	column[conversationRow]{"MAX(m.id)", func(r *conversationRow) any { return &r.LastID }},
	column[conversationRow]{"SUM(CASE WHEN m.receiver_id = ? AND m.read_at IS NULL THEN 1 ELSE 0 END)",
		func(r *conversationRow) any { return &r.Unread }},
)

// Conversations reads the user's partners, then their latest messages with those messages'
// files and the partners in one round trip.
func (s Messages) Conversations(ctx context.Context, userID string) ([]chat.Conversation, error) {
	db := s.DB.WithContext(ctx)
	// Two index scans (as sender, as receiver) instead of one OR over both columns.
	convs, err := rowsOf(db, sqlOf(`
SELECT `+conversationColumns.list+`
FROM (
	SELECT receiver_id AS partner_id, id, receiver_id, read_at FROM messages WHERE sender_id = ?
	UNION ALL
	SELECT sender_id AS partner_id, id, receiver_id, read_at FROM messages WHERE receiver_id = ?
) m
GROUP BY m.partner_id
ORDER BY MAX(m.id) DESC`, userID, userID, userID), conversationColumns)
	if err != nil || len(convs) == 0 {
		return nil, err
	}
	lastIDs, partnerIDs := make([]string, len(convs)), make([]string, len(convs))
	for i, c := range convs {
		lastIDs[i], partnerIDs[i] = c.LastID, c.PartnerID
	}
	b := newReadBatch(db)
	var messages []messageRow
	read(b, whereOf(inList(db, "messages.id", lastIDs)).stmt("SELECT "+messageColumns.list+" FROM messages", nil, ""), messageColumns, &messages)
	var files []messageFileRow
	read(b, attachmentsQuery(db, lastIDs), messageFileColumns, &files)
	var users []userRow
	read(b, whereOf(inList(db, "users.id", partnerIDs)).stmt("SELECT "+userColumns.list+" FROM users", nil, ""), userColumns, &users)
	if err := b.run(); err != nil {
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
	attach(last, files)
	for i := range out {
		out[i].LastMessage = last[i]
	}
	return out, nil
}

func (s Messages) PartnerIDs(ctx context.Context, userID string, n int) ([]string, error) {
	partner := value[string]("messages.receiver_id")
	return rowsOf(s.DB.WithContext(ctx), sqlOf(`
SELECT `+partner.list+` FROM messages WHERE messages.sender_id = ?
UNION
SELECT messages.sender_id FROM messages WHERE messages.receiver_id = ?`+limit(n), userID, userID), partner)
}

func (s Messages) UsersOfType(ctx context.Context, t accounts.UserType, n int) ([]*accounts.User, error) {
	rows, err := rowsOf(s.DB.WithContext(ctx), whereOf("users.user_type = ?", string(t)).stmt("SELECT "+userColumns.list+" FROM users", nil,
		" ORDER BY LOWER(users.company_name), LOWER(users.first_name), LOWER(users.last_name), users.id"+limit(n)), userColumns)
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
	row, err := oneOf(s.DB.WithContext(ctx), whereOf("users.id = ?", id).
		stmt("SELECT "+userColumns.list+" FROM users", nil, limit(1)), userColumns, userNotFound)
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}
