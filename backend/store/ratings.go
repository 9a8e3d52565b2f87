package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/ratings"
	"bridgework/backend/tasks"
)

type ratingRow struct {
	ID           string
	TaskID       string
	SubmissionID string
	RaterID      string
	RateeID      string
	Stars        int
	Comment      string
	Answer       string
	AnsweredAt   *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
	RevealAt     time.Time
}

func (ratingRow) TableName() string { return "ratings" }

type ratingColumn = column[ratingRow]

var ratingColumns = columnsOf(
	ratingColumn{"ratings.id", func(r *ratingRow) any { return &r.ID }},
	ratingColumn{"ratings.task_id", func(r *ratingRow) any { return &r.TaskID }},
	ratingColumn{"ratings.submission_id", func(r *ratingRow) any { return &r.SubmissionID }},
	ratingColumn{"ratings.rater_id", func(r *ratingRow) any { return &r.RaterID }},
	ratingColumn{"ratings.ratee_id", func(r *ratingRow) any { return &r.RateeID }},
	ratingColumn{"ratings.stars", func(r *ratingRow) any { return &r.Stars }},
	ratingColumn{"ratings.comment", func(r *ratingRow) any { return &r.Comment }},
	ratingColumn{"ratings.answer", func(r *ratingRow) any { return &r.Answer }},
	ratingColumn{"ratings.answered_at", func(r *ratingRow) any { return &r.AnsweredAt }},
	ratingColumn{"ratings.created_at", func(r *ratingRow) any { return &r.CreatedAt }},
	ratingColumn{"ratings.updated_at", func(r *ratingRow) any { return &r.UpdatedAt }},
	ratingColumn{"ratings.reveal_at", func(r *ratingRow) any { return &r.RevealAt }},
)

func (r ratingRow) toDomain() ratings.Rating {
	out := ratings.Rating{ID: r.ID, TaskID: r.TaskID, SubmissionID: r.SubmissionID, RaterID: r.RaterID,
		RateeID: r.RateeID, Stars: r.Stars, Comment: r.Comment, Answer: r.Answer,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), RevealAt: r.RevealAt.UTC()}
	if r.AnsweredAt != nil {
		at := r.AnsweredAt.UTC()
		out.AnsweredAt = &at
	}
	return out
}

const ratingNotFound = "Rating not found."

// Ratings is the ratings store; AuditKey seals the entry each rating puts on the trail.
type Ratings struct {
	DB       *gorm.DB
	AuditKey audit.Key
}

func (s Ratings) ApprovedWork(ctx context.Context, taskID, studentID string) (ratings.Work, error) {
	type work struct {
		SubmissionID, TaskID, TaskTitle, StudentID, StartupID string
		ReviewedAt                                            *time.Time
		UpdatedAt                                             time.Time
	}
	if !ValidID(taskID) || !ValidID(studentID) {
		return ratings.Work{}, apperr.New(apperr.NotFound, submissionNotFound)
	}
	cols := columnsOf(column[work]{"submissions.id", func(r *work) any { return &r.SubmissionID }},
		column[work]{"submissions.task_id", func(r *work) any { return &r.TaskID }},
		column[work]{"tasks.title", func(r *work) any { return &r.TaskTitle }},
		column[work]{"submissions.student_id", func(r *work) any { return &r.StudentID }},
		column[work]{"tasks.startup_id", func(r *work) any { return &r.StartupID }},
		column[work]{"submissions.reviewed_at", func(r *work) any { return &r.ReviewedAt }},
		column[work]{"submissions.updated_at", func(r *work) any { return &r.UpdatedAt }})
	w, err := oneOf(s.DB.WithContext(ctx), whereOf("submissions.task_id = ? AND submissions.student_id = ? AND submissions.status = ?",
		taskID, studentID, tasks.Approved).stmt("SELECT "+cols.list+" FROM submissions JOIN tasks ON tasks.id = submissions.task_id", nil, limit(1)), cols, submissionNotFound)
	if err != nil {
		return ratings.Work{}, err
	}
	approved := w.UpdatedAt
	if w.ReviewedAt != nil {
		approved = *w.ReviewedAt
	}
	return ratings.Work{SubmissionID: w.SubmissionID, TaskID: w.TaskID, TaskTitle: w.TaskTitle,
		StudentID: w.StudentID, StartupID: w.StartupID, ApprovedAt: approved.UTC()}, nil
}

func (s Ratings) Create(ctx context.Context, r *ratings.Rating, entry audit.Entry) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The two sides rating at once take turns on the submission's row, so the second to
		// commit always sees the first and reveals both.
		_, err := oneOf(tx, sqlOf("SELECT submissions.id FROM submissions WHERE submissions.id = ?"+limit(1)+forUpdate(tx),
			r.SubmissionID), value[string]("submissions.id"), submissionNotFound)
		if err != nil {
			return err
		}
		row := ratingRow{ID: NewID(), TaskID: r.TaskID, SubmissionID: r.SubmissionID, RaterID: r.RaterID,
			RateeID: r.RateeID, Stars: r.Stars, Comment: r.Comment, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
			RevealAt: r.RevealAt}
		err = tx.Create(&row).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return apperr.New(apperr.Conflict, "You have already rated this work.")
		}
		if err != nil {
			return err
		}
		other := tx.Model(&ratingRow{}).Where("submission_id = ? AND rater_id <> ?", r.SubmissionID, r.RaterID).
			Update("reveal_at", r.CreatedAt)
		if other.Error != nil {
			return other.Error
		}
		if other.RowsAffected > 0 {
			if err := tx.Model(&row).Update("reveal_at", r.CreatedAt).Error; err != nil {
				return err
			}
			r.RevealAt = r.CreatedAt
		}
		r.ID = row.ID
		return appendAudit(tx, s.AuditKey, &entry)
	})
}

func (s Ratings) Rating(ctx context.Context, id string) (*ratings.Rating, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, ratingNotFound)
	}
	db := s.DB.WithContext(ctx)
	row, err := oneOf(db, sqlOf("SELECT "+ratingColumns.list+" FROM ratings WHERE ratings.id = ?"+limit(1), id), ratingColumns, ratingNotFound)
	if err != nil {
		return nil, err
	}
	r := row.toDomain()
	titles, err := taskTitles(db, []string{row.TaskID})
	r.TaskTitle = titles[row.TaskID]
	return &r, err
}

func (s Ratings) Update(ctx context.Context, id, raterID string, stars int, comment string, now time.Time) (bool, error) {
	res := s.DB.WithContext(ctx).Model(&ratingRow{}).
		Where("id = ? AND rater_id = ? AND reveal_at > ?", id, raterID, now.UTC()).
		Updates(map[string]any{"stars": stars, "comment": comment, "updated_at": now.UTC()})
	return res.RowsAffected == 1, res.Error
}

func (s Ratings) SetAnswer(ctx context.Context, id, rateeID, answer string, now time.Time) (bool, error) {
	res := s.DB.WithContext(ctx).Model(&ratingRow{}).
		Where("id = ? AND ratee_id = ? AND reveal_at <= ?", id, rateeID, now.UTC()).
		Updates(map[string]any{"answer": answer, "answered_at": now.UTC()})
	return res.RowsAffected == 1, res.Error
}

func (s Ratings) About(ctx context.Context, rateeID string, now time.Time, offset, limit int) ([]ratings.Rating, int, error) {
	return s.page(ctx, whereOf("ratings.ratee_id = ? AND ratings.reveal_at <= ?", rateeID, now.UTC()), offset, limit)
}

func (s Ratings) Given(ctx context.Context, raterID string, offset, limit int) ([]ratings.Rating, int, error) {
	return s.page(ctx, whereOf("ratings.rater_id = ?", raterID), offset, limit)
}

// page reads a page of w's ratings, newest first, with their count in one round trip, then each
// rating's author and task title.
func (s Ratings) page(ctx context.Context, w where, offset, limit int) ([]ratings.Rating, int, error) {
	db := s.DB.WithContext(ctx)
	b := newReadBatch(db)
	var total int
	readCount(b, w.stmt("SELECT COUNT(*) FROM ratings", nil, ""), &total)
	page, args := limitOffset(limit, offset)
	var rows []ratingRow
	read(b, w.stmt("SELECT "+ratingColumns.list+" FROM ratings", nil, " ORDER BY ratings.created_at DESC, ratings.id DESC"+page, args...),
		ratingColumns, &rows)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	var raters, taskIDs []string
	for _, r := range rows {
		raters, taskIDs = append(raters, r.RaterID), append(taskIDs, r.TaskID)
	}
	who, err := people(db, raters)
	if err != nil {
		return nil, 0, err
	}
	titles, err := taskTitles(db, taskIDs)
	if err != nil {
		return nil, 0, err
	}
	out := make([]ratings.Rating, len(rows))
	for i, row := range rows {
		out[i] = row.toDomain()
		out[i].TaskTitle = titles[row.TaskID]
		if p := who[row.RaterID]; p != nil {
			out[i].Rater = &ratings.Person{ID: p.ID, Type: string(p.Type), Name: p.Name(), Picture: p.Picture}
		}
	}
	return out, total, nil
}

// taskTitles reads the titles of the tasks of ids, by task id.
func taskTitles(db *gorm.DB, ids []string) (map[string]string, error) {
	titles := map[string]string{}
	if len(ids) == 0 {
		return titles, nil
	}
	type title struct{ ID, Title string }
	cols := columnsOf(column[title]{"tasks.id", func(r *title) any { return &r.ID }},
		column[title]{"tasks.title", func(r *title) any { return &r.Title }})
	rows, err := rowsOf(db, whereOf(inList(db, "tasks.id", unique(ids))).stmt("SELECT "+cols.list+" FROM tasks", nil, ""), cols)
	if err != nil {
		return nil, err
	}
	for _, t := range rows {
		titles[t.ID] = t.Title
	}
	return titles, nil
}

func (s Ratings) Summaries(ctx context.Context, userIDs []string, now time.Time) (map[string]ratings.Summary, error) {
	out := map[string]ratings.Summary{}
	if len(userIDs) == 0 {
		return out, nil
	}
	type summary struct {
		RateeID string
		Average float64
		Count   int
	}
	cols := columnsOf(column[summary]{"ratings.ratee_id", func(r *summary) any { return &r.RateeID }},
		column[summary]{"AVG(ratings.stars)", func(r *summary) any { return &r.Average }},
		column[summary]{"COUNT(*)", func(r *summary) any { return &r.Count }})
	db := s.DB.WithContext(ctx)
	rows, err := rowsOf(db, whereOf(inList(db, "ratings.ratee_id", unique(userIDs))).and("ratings.reveal_at <= ?", now.UTC()).
		stmt("SELECT "+cols.list+" FROM ratings", nil, " GROUP BY ratings.ratee_id"), cols)
	for _, r := range rows {
		avg := r.Average
		out[r.RateeID] = ratings.Summary{Average: &avg, Count: r.Count}
	}
	return out, err
}
