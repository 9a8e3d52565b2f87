// Package ratings keeps the stars and reviews the two sides of approved work give each other:
// the startup rates the student, the student rates the startup, once per approved submission and
// side.
//
// Ratings are double-blind (Airbnb's rule): neither side sees what the other wrote until both
// have rated or EditWindow has passed since the approval, so nobody can rate in retaliation. Each
// rating carries the moment it becomes visible (RevealAt): the approval plus EditWindow, brought
// forward to now for both when the second side rates. So that nobody can read the other's rating
// and then answer it, what is revealed is final: a rating can be given only before the work's
// ratings are revealed by time (Work.Open: the late side would otherwise read the other's rating,
// then rate), and edited only until its own RevealAt (Rating.Editable: a side would otherwise
// read the other's rating once both rated, then change its own). Averages count only visible
// ratings and show only from MinRatingsForAverage of them, so one rating cannot make or break a
// name.
package ratings

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
)

const (
	// EditWindow is how long after the approval ratings may stay hidden, and so how long they
	// may be given and edited.
	EditWindow = 14 * 24 * time.Hour
	// MinRatingsForAverage is how many visible ratings an average needs before it is shown.
	MinRatingsForAverage = 3
	maxCommentLen        = 1000
)

// Rating is one side's stars and words about the other on one approved submission.
type Rating struct {
	ID           string
	TaskID       string
	TaskTitle    string
	SubmissionID string
	RaterID      string
	RateeID      string
	Stars        int
	Comment      string
	Answer       string // the ratee's public answer; only a startup answers
	AnsweredAt   *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
	RevealAt     time.Time
	Rater        *Person // filled by lists
}

// Person is how a rating names its author.
type Person struct {
	ID, Type, Name, Picture string
}

// Visible reports whether the rating may be shown to people other than its author at now.
func (r *Rating) Visible(now time.Time) bool { return !now.Before(r.RevealAt) }

// Editable reports whether the author may still change the rating at now: only while it is
// hidden, since once visible the other side's is too.
func (r *Rating) Editable(now time.Time) bool { return !r.Visible(now) }

// Summary is a user's visible ratings in two numbers; Average is nil below MinRatingsForAverage.
type Summary struct {
	Average *float64
	Count   int
}

// Work is an approved submission as the ratings see it.
type Work struct {
	SubmissionID, TaskID, TaskTitle string
	StudentID, StartupID            string
	ApprovedAt                      time.Time
}

// ClosesAt is when the work's ratings are revealed by time, and so when the window to give one
// closes.
func ClosesAt(approvedAt time.Time) time.Time { return approvedAt.Add(EditWindow) }

// Open reports whether a rating of the work may still be given at now.
func (w Work) Open(now time.Time) bool { return now.Before(ClosesAt(w.ApprovedAt)) }

// Store is what the service needs from the database.
type Store interface {
	// ApprovedWork reads the approved submission of the student to the task; apperr.NotFound
	// when there is none.
	ApprovedWork(ctx context.Context, taskID, studentID string) (Work, error)
	// Create writes r and its audit entry in one transaction; apperr.Conflict when its author
	// already rated this submission. When the other side has rated too, both ratings' RevealAt
	// become r.CreatedAt.
	Create(ctx context.Context, r *Rating, entry audit.Entry) error
	// Rating reads one; apperr.NotFound when unknown.
	Rating(ctx context.Context, id string) (*Rating, error)
	// Update changes stars and comment of the author's rating only while it is hidden at now
	// (RevealAt after now): false when it is not, and nothing changed.
	Update(ctx context.Context, id, raterID string, stars int, comment string, now time.Time) (bool, error)
	// SetAnswer sets the ratee's answer to a visible rating: false when the rating is not the
	// ratee's or not visible yet, and nothing changed.
	SetAnswer(ctx context.Context, id, rateeID, answer string, now time.Time) (bool, error)
	// About pages the ratings about a user that are visible at now, newest first, and counts them.
	About(ctx context.Context, rateeID string, now time.Time, offset, limit int) ([]Rating, int, error)
	// Given pages the ratings a user gave, hidden ones too, newest first, and counts them.
	Given(ctx context.Context, raterID string, offset, limit int) ([]Rating, int, error)
	// Summaries averages and counts the visible ratings about each user (Average always set).
	Summaries(ctx context.Context, userIDs []string, now time.Time) (map[string]Summary, error)
}

// Service gives, edits, answers and reads ratings.
type Service struct {
	Store Store
	Now   func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Input is a rating form.
type Input struct {
	TaskID, StudentID string
	Stars             int
	Comment           string
}

var (
	errNoWork       = apperr.New(apperr.NotFound, "There is no approved work to rate here.")
	errNotYours     = apperr.New(apperr.NotFound, "Rating not found.")
	errFixed        = apperr.New(apperr.Conflict, "This rating can no longer be changed: it is visible to the other side now.")
	errClosed       = apperr.New(apperr.Conflict, "The rating window for this work has closed")
	errNotAnswering = apperr.New(apperr.Conflict, "Only a visible rating about your company can be answered.")
)

// Give records the caller's rating of the other side of an approved submission: a startup rates
// the student of StudentID on its task, a student rates the task's startup (StudentID is then
// their own id).
func (s *Service) Give(ctx context.Context, caller *accounts.User, in Input) (*Rating, error) {
	comment, err := validate(in.Stars, in.Comment)
	if err != nil {
		return nil, err
	}
	var v apperr.Validator
	v.Check(in.TaskID != "", "taskId", "Task is required")
	v.Check(in.StudentID != "", "studentId", "Student is required")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if caller.Type == accounts.Student && in.StudentID != caller.ID {
		return nil, apperr.Field("studentId", "A student rates the startup of their own work: studentId must be your id.")
	}
	work, err := s.Store.ApprovedWork(ctx, in.TaskID, in.StudentID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, errNoWork
	}
	if err != nil {
		return nil, err
	}
	r := &Rating{TaskID: work.TaskID, TaskTitle: work.TaskTitle, SubmissionID: work.SubmissionID,
		Stars: in.Stars, Comment: comment}
	switch caller.Type {
	case accounts.Startup:
		if work.StartupID != caller.ID {
			return nil, errNoWork
		}
		r.RaterID, r.RateeID = caller.ID, work.StudentID
	case accounts.Student:
		r.RaterID, r.RateeID = caller.ID, work.StartupID
	default:
		return nil, errNoWork
	}
	now := s.now()
	if !work.Open(now) {
		return nil, errClosed
	}
	r.CreatedAt, r.UpdatedAt, r.RevealAt = now, now, ClosesAt(work.ApprovedAt)
	entry := audit.Entry{Type: audit.RatingGiven, ActorID: r.RaterID, SubjectID: r.RateeID, Target: work.SubmissionID,
		IP: audit.ClientIP(ctx), Detail: strings.Repeat("★", r.Stars) + " for " + work.TaskTitle}
	if err := s.Store.Create(ctx, r, entry); err != nil {
		return nil, err
	}
	return r, nil
}

// Edit changes the caller's own rating while it is hidden (Rating.Editable).
func (s *Service) Edit(ctx context.Context, caller *accounts.User, id string, stars int, comment string) (*Rating, error) {
	comment, err := validate(stars, comment)
	if err != nil {
		return nil, err
	}
	r, err := s.Store.Rating(ctx, id)
	if err != nil || r.RaterID != caller.ID {
		return nil, notYours(err)
	}
	now := s.now()
	if !r.Editable(now) {
		return nil, errFixed
	}
	// The reveal is checked again by the update itself, so an edit racing the other side's
	// rating or the window's end either lands before the reveal or changes nothing.
	ok, err := s.Store.Update(ctx, id, caller.ID, stars, comment, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errFixed
	}
	r.Stars, r.Comment, r.UpdatedAt = stars, comment, now
	return r, nil
}

// Answer sets a startup's public answer to a visible rating about it.
func (s *Service) Answer(ctx context.Context, caller *accounts.User, id, answer string) (*Rating, error) {
	answer = strings.TrimSpace(answer)
	var v apperr.Validator
	if v.Check(answer != "", "answer", "Answer is required") {
		v.Check(utf8.RuneCountInString(answer) <= maxCommentLen, "answer", "Answer must be at most 1000 characters")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.Store.Rating(ctx, id)
	if err != nil || r.RateeID != caller.ID {
		return nil, notYours(err)
	}
	now := s.now()
	ok, err := s.Store.SetAnswer(ctx, id, caller.ID, answer, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNotAnswering
	}
	r.Answer, r.AnsweredAt = answer, &now
	return r, nil
}

// About pages the ratings about a user that anyone may see.
func (s *Service) About(ctx context.Context, userID string, offset, limit int) ([]Rating, int, error) {
	return s.Store.About(ctx, userID, s.now(), offset, limit)
}

// Given pages the ratings the user gave, whether the other side sees them yet or not.
func (s *Service) Given(ctx context.Context, userID string, offset, limit int) ([]Rating, int, error) {
	return s.Store.Given(ctx, userID, offset, limit)
}

// Clock is the time the service decides visibility and editing by.
func (s *Service) Clock() time.Time { return s.now() }

// Summaries sums up the visible ratings about each of the users; a user without any has none.
func (s *Service) Summaries(ctx context.Context, userIDs ...string) (map[string]Summary, error) {
	out, err := s.Store.Summaries(ctx, userIDs, s.now())
	for id, sum := range out {
		if sum.Count < MinRatingsForAverage {
			sum.Average = nil
			out[id] = sum
		}
	}
	return out, err
}

func validate(stars int, comment string) (string, error) {
	comment = strings.TrimSpace(comment)
	var v apperr.Validator
	v.Check(stars >= 1 && stars <= 5, "stars", "Stars must be a whole number from 1 to 5")
	v.Check(utf8.RuneCountInString(comment) <= maxCommentLen, "comment", "Comment must be at most 1000 characters")
	return comment, v.Err()
}

// notYours answers a rating that is unknown or not the caller's alike, so ids cannot be probed.
func notYours(err error) error {
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return err
	}
	return errNotYours
}
