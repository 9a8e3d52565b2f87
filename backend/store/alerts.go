package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"bridgework/backend/alerts"
	"bridgework/backend/apperr"
	"bridgework/backend/notify"
)

type savedSearchRow struct {
	ID             string
	StudentID      string
	Name           string
	Search         string
	Category       string
	Skills         string
	DeadlineBefore *time.Time
	Source         string
	Paid           bool
	CreatedAt      time.Time
}

func (savedSearchRow) TableName() string { return "saved_searches" }

type savedSearchColumn = column[savedSearchRow]

var savedSearchColumns = columnsOf(
	savedSearchColumn{"saved_searches.id", func(r *savedSearchRow) any { return &r.ID }},
	savedSearchColumn{"saved_searches.student_id", func(r *savedSearchRow) any { return &r.StudentID }},
	savedSearchColumn{"saved_searches.name", func(r *savedSearchRow) any { return &r.Name }},
	savedSearchColumn{"saved_searches.search", func(r *savedSearchRow) any { return &r.Search }},
	savedSearchColumn{"saved_searches.category", func(r *savedSearchRow) any { return &r.Category }},
	savedSearchColumn{"saved_searches.skills", func(r *savedSearchRow) any { return &r.Skills }},
	savedSearchColumn{"saved_searches.deadline_before", func(r *savedSearchRow) any { return &r.DeadlineBefore }},
	savedSearchColumn{"saved_searches.source", func(r *savedSearchRow) any { return &r.Source }},
	savedSearchColumn{"saved_searches.paid", func(r *savedSearchRow) any { return &r.Paid }},
	savedSearchColumn{"saved_searches.created_at", func(r *savedSearchRow) any { return &r.CreatedAt }},
)

func (r savedSearchRow) toDomain() alerts.SavedSearch {
	out := alerts.SavedSearch{ID: r.ID, StudentID: r.StudentID, Name: r.Name, Search: r.Search, Category: r.Category,
		Source: r.Source, Paid: r.Paid, CreatedAt: r.CreatedAt.UTC()}
	if r.Skills != "[]" { // most searches have none: no decoding for them
		_ = json.Unmarshal([]byte(r.Skills), &out.Skills)
	}
	if r.DeadlineBefore != nil {
		d := r.DeadlineBefore.UTC()
		out.DeadlineBefore = &d
	}
	return out
}

type savedSearchKeyRow struct {
	SearchKey     string
	SavedSearchID string
}

func (savedSearchKeyRow) TableName() string { return "saved_search_keys" }

const savedSearchNotFound = "Saved search not found."

// Alerts is the saved searches' store.
type Alerts struct{ DB *gorm.DB }

func (s Alerts) CreateSavedSearch(ctx context.Context, ss *alerts.SavedSearch, keys []string, max int) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The student's row, locked, makes two saves at once count one after the other.
		_, err := oneOf(tx, sqlOf("SELECT users.id FROM users WHERE users.id = ?"+forUpdate(tx), ss.StudentID), value[string]("users.id"), userNotFound)
		if err != nil {
			return err
		}
		n, err := countNow(tx, sqlOf("SELECT COUNT(*) FROM saved_searches WHERE saved_searches.student_id = ?", ss.StudentID))
		if err != nil {
			return err
		}
		if n >= max {
			return apperr.New(apperr.Conflict, "You can keep at most 20 saved searches.")
		}
		skills, _ := json.Marshal(nonNil(ss.Skills))
		row := savedSearchRow{ID: NewID(), StudentID: ss.StudentID, Name: ss.Name, Search: ss.Search, Category: ss.Category,
			Skills: string(skills), DeadlineBefore: ss.DeadlineBefore, Source: ss.Source, Paid: ss.Paid,
			CreatedAt: time.Now().UTC()}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		rows := make([]savedSearchKeyRow, 0, len(keys))
		for _, k := range unique(keys) {
			rows = append(rows, savedSearchKeyRow{SearchKey: k, SavedSearchID: row.ID})
		}
		if err := tx.Create(&rows).Error; err != nil {
			return err
		}
		ss.ID, ss.CreatedAt = row.ID, row.CreatedAt
		return nil
	})
}

func (s Alerts) SavedSearches(ctx context.Context, studentID string) ([]alerts.SavedSearch, error) {
	rows, err := rowsOf(s.DB.WithContext(ctx), sqlOf("SELECT "+savedSearchColumns.list+" FROM saved_searches WHERE saved_searches.student_id = ? "+
		"ORDER BY saved_searches.created_at DESC, saved_searches.id DESC", studentID), savedSearchColumns)
	out := make([]alerts.SavedSearch, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
	}
	return out, err
}

func (s Alerts) DeleteSavedSearch(ctx context.Context, studentID, id string) error {
	if !ValidID(id) {
		return apperr.New(apperr.NotFound, savedSearchNotFound)
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("id = ? AND student_id = ?", id, studentID).Delete(&savedSearchRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, savedSearchNotFound)
		}
		return tx.Where("saved_search_id = ?", id).Delete(&savedSearchKeyRow{}).Error
	})
}

func (s Alerts) Candidates(ctx context.Context, keys []string, batch int, fn func([]alerts.Candidate) error) error {
	// Scanned by hand (readEach), and handed over a batch at a time: a post reads every
	// matching search, 10,000 of them when every student saved one for its category, and the
	// first alerts leave while the last searches are still being read. In no set order: ordered,
	// PostgreSQL read and sorted every candidate before handing over the first, 12–40 ms before
	// the first alert (docs/performance.md, "Fan-out"). Whether a student keeps
	// other searches is one index probe a row.
	keyed, keyArgs := inList(s.DB, "search_key", unique(keys))
	query := whereOf("saved_searches.id IN (SELECT saved_search_id FROM saved_search_keys WHERE "+keyed+")", keyArgs).
		stmt("SELECT "+candidateColumns.list+" FROM saved_searches", nil, "")
	return readEach(s.DB.WithContext(ctx), query, candidateColumns, batch, func(rows []candidateRow) error {
		out := make([]alerts.Candidate, len(rows))
		for i, r := range rows {
			out[i] = alerts.Candidate{SavedSearch: r.toDomain(), Several: r.Several}
		}
		return fn(out)
	})
}

// candidateRow is a saved search as Candidates reads it.
type candidateRow struct {
	savedSearchRow
	Several bool
}

var candidateColumns = columnsOf(append(within(savedSearchColumns, func(r *candidateRow) *savedSearchRow { return &r.savedSearchRow }),
	column[candidateRow]{"EXISTS (SELECT 1 FROM saved_searches other WHERE other.student_id = saved_searches.student_id AND other.id <> saved_searches.id)",
		func(r *candidateRow) any { return &r.Several }})...)

// CreateNotifications writes the bell's notifications of one post, one per alerted student:
// on PostgreSQL with COPY, where gorm's 500-row INSERTs allocated 33.5 MB for 10,000 rows (4.5
// MB now) in the instance that is delivering the post's alerts meanwhile (docs/performance.md,
// "Fan-out"). Their ids and times are the alerts' (backend/alerts), which carry them.
func (s Alerts) CreateNotifications(ctx context.Context, ns []notify.Notification) error {
	rows := make([]notificationRow, len(ns))
	for i, n := range ns {
		rows[i] = notificationRow{ID: n.ID, UserID: n.UserID, Kind: n.Kind, Message: n.Message, Link: n.Link, CreatedAt: n.CreatedAt}
	}
	db := s.DB.WithContext(ctx)
	var err error
	if pool, ok := pgxPool(db); ok {
		err = withPgx(db, pool, func(conn *pgx.Conn) error {
			_, err := conn.CopyFrom(ctx, pgx.Identifier{"notifications"},
				[]string{"id", "user_id", "kind", "message", "link", "is_read", "created_at"},
				pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
					r := rows[i]
					return []any{r.ID, r.UserID, r.Kind, r.Message, r.Link, r.IsRead, r.CreatedAt}, nil
				}))
			return err
		})
	} else {
		err = db.CreateInBatches(&rows, 500).Error
	}
	return err
}
