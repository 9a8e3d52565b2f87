// Package alerts keeps students' saved searches and tells them when a startup posts a task that
// matches one, live and in the bell.
//
// Matching runs once per posted task, not once per student: every saved search is indexed under
// one kind of key (its skills when it names any, else its category, else "any"), so a new task
// reads only the searches under its own skills, its category and "any", and the exact rule
// (Matches) runs on those alone.
package alerts

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/jsonappend"
	"bridgework/backend/notify"
	"bridgework/backend/tasks"
)

// MaxPerStudent is how many saved searches one student keeps.
const MaxPerStudent = 20

// EventAlert is the socket event of a match: {taskId, title, savedSearchId}.
const EventAlert = "task.alert"

// SavedSearch is a student's tasks-page filter kept under a name.
type SavedSearch struct {
	ID, StudentID, Name string
	Search, Category    string
	Skills              []string
	DeadlineBefore      *time.Time // a task's deadline on or before this day
	Source              string     // "", "startup" (assigned to the student) or "non-startup"
	Paid                bool       // only tasks whose approval pays (the tasks page's Paid only)
	CreatedAt           time.Time
}

// Keys are the index keys a saved search is found under.
func (s *SavedSearch) Keys() []string {
	switch {
	case len(s.Skills) > 0:
		keys := make([]string, len(s.Skills))
		for i, sk := range s.Skills {
			keys[i] = skillKey(sk)
		}
		return keys
	case s.Category != "":
		return []string{"category:" + s.Category}
	}
	return []string{anyKey}
}

const anyKey = "any"

func skillKey(skill string) string { return "skill:" + strings.ToLower(strings.TrimSpace(skill)) }

// taskKeys are the keys whose saved searches a task may match.
func taskKeys(t *tasks.Task) []string {
	keys := []string{anyKey, "category:" + t.Category}
	for _, sk := range t.Skills {
		keys = append(keys, skillKey(sk))
	}
	return keys
}

// Matches reports whether t is what s looks for: every search word (the first five, as the
// tasks page reads them) in the task's text, its category, one of its skills, a deadline on or
// before the day asked, pay when the search asks for paid work only, and a task the student may take (open to all, or assigned to them when
// the search keeps tasks from startups).
func (s *SavedSearch) Matches(t *tasks.Task) bool { return s.matches(t, tasks.SearchText(t)) }

// matches is Matches with t's search text already built: a post is matched against thousands of
// searches, and building the text (the whole description, lower-cased) for each was most of it.
func (s *SavedSearch) matches(t *tasks.Task, text string) bool {
	if !tasks.CanSee(t, s.StudentID) {
		return false
	}
	for i, word := range strings.Fields(strings.ToLower(s.Search)) {
		if i == 5 {
			break
		}
		if !strings.Contains(text, word) {
			return false
		}
	}
	if s.Category != "" && t.Category != s.Category {
		return false
	}
	if len(s.Skills) > 0 && !slices.ContainsFunc(t.Skills, func(sk string) bool {
		return slices.ContainsFunc(s.Skills, func(want string) bool { return strings.EqualFold(sk, want) })
	}) {
		return false
	}
	if s.DeadlineBefore != nil && t.Deadline.After(*s.DeadlineBefore) {
		return false
	}
	if s.Paid && !tasks.Paid(t) {
		return false
	}
	switch s.Source {
	case "startup":
		return t.AssignedStudentID == s.StudentID
	case "non-startup":
		return t.AssignedStudentID != s.StudentID
	}
	return true
}

// Store is what the service needs from the database.
type Store interface {
	// CreateSavedSearch writes s under keys; apperr.Conflict when the student already keeps max.
	CreateSavedSearch(ctx context.Context, s *SavedSearch, keys []string, max int) error
	// SavedSearches lists a student's saved searches, newest first.
	SavedSearches(ctx context.Context, studentID string) ([]SavedSearch, error)
	// DeleteSavedSearch deletes one of the student's; apperr.NotFound when not theirs.
	DeleteSavedSearch(ctx context.Context, studentID, id string) error
	// Candidates calls fn with the saved searches indexed under any of keys, each once, in no set
	// order, batch of them at a time (the last batch may be shorter); an error of fn stops it.
	Candidates(ctx context.Context, keys []string, batch int, fn func([]Candidate) error) error
	// CreateNotifications writes the notifications, ids and times as they are, in one statement.
	CreateNotifications(ctx context.Context, ns []notify.Notification) error
}

// Candidate is a saved search a new task may match, as Store.Candidates reads it.
type Candidate struct {
	SavedSearch
	// Several is true when the student keeps other saved searches too: the oldest of theirs that
	// matches names their alert, so it waits until all are read.
	Several bool
}

// Publisher announces events, already committed, to the users' open connections.
type Publisher interface {
	// PublishEach sends each user (a key of dataByUser) their own event, batched.
	PublishEach(ctx context.Context, eventType string, dataByUser map[string]any)
}

// Service saves searches and alerts on new tasks.
type Service struct {
	Store     Store
	Publisher Publisher
	Logger    *slog.Logger

	mu      sync.Mutex
	sending int           // posts whose alerts are going out (TaskPosted)
	sent    chan struct{} // closed when sending drops to 0
}

// Input is the saved-search form.
type Input struct {
	Name, Search, Category string
	Skills                 []string
	DeadlineBefore, Source string
	Paid                   bool
}

// Save keeps a student's filter under a name.
func (s *Service) Save(ctx context.Context, student *accounts.User, in Input) (*SavedSearch, error) {
	out := &SavedSearch{StudentID: student.ID, Name: strings.TrimSpace(in.Name), Search: strings.TrimSpace(in.Search),
		Category: strings.TrimSpace(in.Category), Skills: tasks.SplitSkills(in.Skills), Source: strings.TrimSpace(in.Source),
		Paid: in.Paid}
	var v apperr.Validator
	if v.Check(out.Name != "", "name", "Name is required") {
		v.Check(utf8.RuneCountInString(out.Name) <= 80, "name", "Name must be at most 80 characters")
	}
	v.Check(utf8.RuneCountInString(out.Search) <= 200, "search", "Search must be at most 200 characters")
	v.Check(out.Category == "" || knownCategory(out.Category), "category", "Unknown category")
	if v.Check(len(out.Skills) <= 20, "skills", "Add at most 20 skills") {
		for _, sk := range out.Skills {
			v.Check(utf8.RuneCountInString(sk) <= 50, "skills", "Each skill must be at most 50 characters")
		}
	}
	if d := strings.TrimSpace(in.DeadlineBefore); d != "" {
		day, ok := tasks.ParseDate(d)
		if v.Check(ok, "deadlineBefore", "deadlineBefore must be a date") {
			out.DeadlineBefore = &day
		}
	}
	v.Check(out.Source == "" || out.Source == "startup" || out.Source == "non-startup", "source",
		"Source must be startup or non-startup")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.Store.CreateSavedSearch(ctx, out, out.Keys(), MaxPerStudent); err != nil {
		return nil, err
	}
	return out, nil
}

func knownCategory(c string) bool {
	for _, list := range tasks.Categories {
		if slices.Contains(list, c) {
			return true
		}
	}
	return false
}

// List is a student's saved searches, newest first.
func (s *Service) List(ctx context.Context, student *accounts.User) ([]SavedSearch, error) {
	return s.Store.SavedSearches(ctx, student.ID)
}

// Delete removes one of the student's saved searches.
func (s *Service) Delete(ctx context.Context, student *accounts.User, id string) error {
	return s.Store.DeleteSavedSearch(ctx, student.ID, id)
}

// Alert is the data of a task.alert event. It carries the alert's bell notification, what
// notification.new carries for other notifications, and the bell counts it as one: one frame a
// student where three were (with notification.count), through Redis, the hub and the socket
// (docs/performance.md, "Fan-out").
type Alert struct {
	TaskID        string      `json:"taskId"`
	Title         string      `json:"title"`
	SavedSearchID string      `json:"savedSearchId"`
	Notification  notify.JSON `json:"notification"`
}

// AppendJSON appends a as json.Marshal writes it: a post builds one for each student it alerts,
// and json.Marshal was 7 % of an instance's CPU alerting 10,000 of them (docs/performance.md,
// "Fan-out").
func (a Alert) AppendJSON(b []byte) ([]byte, error) {
	b = jsonappend.String(append(b, `{"taskId":`...), a.TaskID)
	b = jsonappend.String(append(b, `,"title":`...), a.Title)
	b = jsonappend.String(append(b, `,"savedSearchId":`...), a.SavedSearchID)
	b, err := a.Notification.AppendJSON(append(b, `,"notification":`...))
	return append(b, '}'), err
}

// NewAlert is the alert of task t for the student of search c, sent at: its bell notification,
// whose id is made here, time-ordered as the store's are, so that the alert carries it before the
// row is written, and the task.alert data carrying it. link is AlertLink(t), made once a post.
func NewAlert(t *tasks.Task, c *SavedSearch, link string, at time.Time) (notify.Notification, Alert) {
	note := notify.Notification{ID: uuid.Must(uuid.NewV7()).String(), UserID: c.StudentID, Kind: notify.KindAlert,
		Message: fmt.Sprintf("New task matching %q: %q.", c.Name, t.Title), Link: link, CreatedAt: at}
	return note, Alert{TaskID: t.ID, Title: t.Title, SavedSearchID: c.ID, Notification: notify.ToJSON(note)}
}

// AlertLink is where a task's alerts lead: the task's own page, where the student reads the brief
// and submits (a search for its title could list others, or miss it once renamed).
func AlertLink(t *tasks.Task) string { return tasks.TaskPage(t.ID) }

// alertBatch is how many saved searches are matched, and their alerts published, at a time: one
// round trip of the publisher's (realtime.PublishChunk), so the first students hear of the post
// while the searches of the last are still being read.
const alertBatch = 500

// TaskPosted sends t's alerts (Send) in the background and returns at once: the startup's post
// is answered when the task is committed, not when thousands of students have been told (1.1–1.9
// s for 10,000 of them, docs/performance.md, "Fan-out"). Wait waits for them.
func (s *Service) TaskPosted(ctx context.Context, t *tasks.Task) {
	s.mu.Lock()
	if s.sending == 0 {
		s.sent = make(chan struct{})
	}
	s.sending++
	s.mu.Unlock()
	go func() {
		defer func() {
			s.mu.Lock()
			if s.sending--; s.sending == 0 {
				close(s.sent)
			}
			s.mu.Unlock()
		}()
		s.Send(context.WithoutCancel(ctx), t)
	}()
}

// Wait returns once the alerts of every post so far have gone out, or ctx's error when it ends
// first: on shutdown, before the broker closes. Posts may go on meanwhile (a sync.WaitGroup
// would forbid that).
func (s *Service) Wait(ctx context.Context) error {
	s.mu.Lock()
	sending, sent := s.sending, s.sent
	s.mu.Unlock()
	if sending == 0 {
		return nil
	}
	select {
	case <-sent:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Send tells every student with a matching saved search about t, once each (their oldest
// matching search names it): a task.alert event carrying a bell notification. The alerts go out
// batch by batch as the searches are read; those of students keeping several searches go last,
// once all of theirs are read. The notifications' rows are written once all alerts are out: they
// report the task, committed already, and writing 500 rows before each batch's alerts took a post
// to 10,000 students from 0.3 to 0.6 s (docs/performance.md, "Fan-out"). So for a
// moment an alert's notification may not be in the bell's list yet: a mark-read then finds
// nothing (404), and a bell loaded then shows it a moment later. Best effort: the task is posted
// whatever happens here, so a failure is logged.
func (s *Service) Send(ctx context.Context, t *tasks.Task) {
	var notes []notify.Notification
	text := tasks.SearchText(t)
	link := AlertLink(t)
	now := time.Now().UTC().Truncate(time.Microsecond) // as PostgreSQL keeps it
	alert := func(c *SavedSearch) Alert {
		note, a := NewAlert(t, c, link, now)
		notes = append(notes, note)
		return a
	}
	several := map[string][]SavedSearch{} // student → their candidates, when they keep several searches
	err := s.Store.Candidates(ctx, taskKeys(t), alertBatch, func(batch []Candidate) error {
		alerts := make(map[string]any, len(batch)) // student → the alert, naming the search that matched
		for i := range batch {
			switch c := &batch[i]; {
			case c.Several:
				several[c.StudentID] = append(several[c.StudentID], c.SavedSearch)
			case c.matches(t, text):
				alerts[c.StudentID] = alert(&c.SavedSearch)
			}
		}
		if len(alerts) > 0 {
			s.Publisher.PublishEach(ctx, EventAlert, alerts)
		}
		return nil
	})
	if err != nil {
		// The students alerted before the error still get their bell notification below.
		s.Logger.ErrorContext(ctx, "task alerts: matching", "task", t.ID, "err", err)
	}
	alerts := make(map[string]any, min(len(several), alertBatch))
	for student, searches := range several {
		slices.SortFunc(searches, func(a, b SavedSearch) int {
			return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.ID, b.ID))
		})
		if i := slices.IndexFunc(searches, func(c SavedSearch) bool { return c.matches(t, text) }); i >= 0 {
			alerts[student] = alert(&searches[i])
		}
		if len(alerts) == alertBatch {
			s.Publisher.PublishEach(ctx, EventAlert, alerts)
			alerts = make(map[string]any, alertBatch)
		}
	}
	if len(alerts) > 0 {
		s.Publisher.PublishEach(ctx, EventAlert, alerts)
	}
	if len(notes) == 0 {
		return
	}
	if err := s.Store.CreateNotifications(ctx, notes); err != nil {
		s.Logger.ErrorContext(ctx, "task alerts: notifications", "task", t.ID, "students", len(notes), "err", err)
	}
}
