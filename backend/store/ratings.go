package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

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
	var w struct {
		SubmissionID, TaskID, TaskTitle, StudentID, StartupID string
		ReviewedAt                                            *time.Time
		UpdatedAt                                             time.Time
	}
	if !ValidID(taskID) || !ValidID(studentID) {
		return ratings.Work{}, apperr.New(apperr.NotFound, submissionNotFound)
	}
	err := s.DB.WithContext(ctx).Table("submissions AS s").
		Select("s.id AS submission_id, s.task_id, t.title AS task_title, s.student_id, t.startup_id, s.reviewed_at, s.updated_at").
		Joins("JOIN tasks AS t ON t.id = s.task_id").
		Where("s.task_id = ? AND s.student_id = ? AND s.status = ?", taskID, studentID, tasks.Approved).
		Take(&w).Error
	if err != nil {
		return ratings.Work{}, translate(err, submissionNotFound)
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
		lock := tx
		if IsPostgres(tx) {
			lock = lock.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var sub submissionRow
		if err := lock.Select("id").Take(&sub, "id = ?", r.SubmissionID).Error; err != nil {
			return translate(err, submissionNotFound)
		}
		row := ratingRow{ID: NewID(), TaskID: r.TaskID, SubmissionID: r.SubmissionID, RaterID: r.RaterID,
			RateeID: r.RateeID, Stars: r.Stars, Comment: r.Comment, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
			RevealAt: r.RevealAt}
		err := tx.Create(&row).Error
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
	var row ratingRow
	if err := s.DB.WithContext(ctx).Take(&row, "id = ?", id).Error; err != nil {
		return nil, translate(err, ratingNotFound)
	}
	r := row.toDomain()
	titles, err := taskTitles(s.DB.WithContext(ctx), []string{row.TaskID})
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
	return s.page(ctx, s.DB.WithContext(ctx).Model(&ratingRow{}).Where("ratee_id = ? AND reveal_at <= ?", rateeID, now.UTC()), offset, limit)
}

func (s Ratings) Given(ctx context.Context, raterID string, offset, limit int) ([]ratings.Rating, int, error) {
	return s.page(ctx, s.DB.WithContext(ctx).Model(&ratingRow{}).Where("rater_id = ?", raterID), offset, limit)
}

// page reads a page of q, newest first, with each rating's author and task title, and counts q.
func (s Ratings) page(ctx context.Context, q *gorm.DB, offset, limit int) ([]ratings.Rating, int, error) {
	db := s.DB.WithContext(ctx)
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []ratingRow
	if err := q.Order("created_at DESC, id DESC").Offset(offset).Limit(limit).Find(&rows).Error; err != nil {
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
	return out, int(total), nil
}

func taskTitles(db *gorm.DB, ids []string) (map[string]string, error) {
	titles := map[string]string{}
	if len(ids) == 0 {
		return titles, nil
	}
	var ts []taskRow
	if err := db.Select("id", "title").Where(inList(db, "id", unique(ids))).Find(&ts).Error; err != nil {
		return nil, err
	}
	for _, t := range ts {
		titles[t.ID] = t.Title
	}
	return titles, nil
}

func (s Ratings) Summaries(ctx context.Context, userIDs []string, now time.Time) (map[string]ratings.Summary, error) {
	out := map[string]ratings.Summary{}
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		RateeID string
		Average float64
		Count   int
	}
	db := s.DB.WithContext(ctx)
	err := db.Model(&ratingRow{}).
		Select("ratee_id, AVG(stars) AS average, COUNT(*) AS count").
		Where(inList(db, "ratee_id", unique(userIDs))).Where("reveal_at <= ?", now.UTC()).
		Group("ratee_id").Scan(&rows).Error
	for _, r := range rows {
		avg := r.Average
		out[r.RateeID] = ratings.Summary{Average: &avg, Count: r.Count}
	}
	return out, err
}
