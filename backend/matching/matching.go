// Package matching ranks students for a task and open tasks for a student, and carries the
// invitations a startup sends from its matches (DESIGN §3b). Ranking is deterministic and
// explained: integer points from work actually approved (skills proved by certificates over
// skills only claimed), ratings, approved work in the task's category, recent activity and reply
// speed for a student; for a task, the same skills turned around, the student's saved searches
// and currency, and the startup's payment record and rating. Names, photos and college are never
// read. docs/matching.md lists every signal and weight; the points are added up in one SQL
// statement (backend/store/matching.go), and Reasons puts each signal that counted into words.
//
// The signals that need history (certificates, ratings, chat) are derived into their own tables
// by Refresh, every MATCHING_REFRESH_INTERVAL, so a ranking reads a row per student instead of walking
// their history: a student's own choices (discoverable) and claimed skills are read live.
package matching

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratings"
	"bridgework/backend/tasks"
)

// The weights, in points (docs/matching.md, "Weights").
const (
	ProvedSkillPoints  = 30 // each of the task's skills the student's certificates prove
	ClaimedSkillPoints = 10 // each of the task's skills the student lists, not proved
	SkillsCounted      = 3  // skills counted of either kind, so a long skill list does not win alone

	StudentStarPoints = 4 // per star of a student's average rating (at most 20)
	StartupStarPoints = 2 // per star of a startup's average rating (at most 10)
	// MinRatings is how many visible ratings an average needs to count, as profiles show one.
	MinRatings = ratings.MinRatingsForAverage

	CategoryPoints  = 5 // per approved task in the task's category
	CategoryCounted = 3

	ActiveWeekPoints  = 10 // active in the last 7 days
	ActiveMonthPoints = 5  // active in the last 30 days

	ReplyHourPoints = 10 // median reply within an hour
	ReplyDayPoints  = 5  // median reply within a day
	// MinReplies is how many chat replies a median needs to count.
	MinReplies = 3

	SavedSearchPoints = 10  // the task matches one of the student's saved searches
	CurrencyPoints    = 5   // the task pays in the student's currency
	PaidRecordPoints  = 10  // the startup paid approved work and has no dispute open
	DisputePoints     = -10 // per payment the startup has in dispute
	DisputesCounted   = 3
	DeadlinePoints    = 5 // the deadline leaves at least DeadlineRoom
)

const (
	// ActiveWeek and ActiveMonth are the windows of recent activity.
	ActiveWeek  = 7 * 24 * time.Hour
	ActiveMonth = 30 * 24 * time.Hour
	// ReplyWindow is how far back chat replies are timed.
	ReplyWindow = 90 * 24 * time.Hour
	// ReplyHour and ReplyDay are the median reply times that earn ReplyHourPoints and
	// ReplyDayPoints.
	ReplyHour = time.Hour
	ReplyDay  = 24 * time.Hour
	// DeadlineRoom is the time left before a deadline that earns DeadlinePoints.
	DeadlineRoom = 72 * time.Hour
)

// Need is what a task asks of a student: its skills and category.
type Need struct {
	Skills   []string
	Category string
}

// SkillKeys are the lower-cased names of the need's skills, each once.
func (n Need) SkillKeys() []string { return keysOf(n.Skills) }

func keysOf(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, name := range names {
		if k := strings.ToLower(strings.TrimSpace(name)); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// Proof is one of the task's skills a student proved: its name and how many certificates name it.
type Proof struct {
	Skill  string
	Proofs int
}

// Rating is a user's visible ratings as the ranking counts them.
type Rating struct{ Sum, Count int }

// Average is the rating's average, and whether it has the MinRatings to count.
func (r Rating) Average() (float64, bool) {
	if r.Count < MinRatings {
		return 0, false
	}
	return float64(r.Sum) / float64(r.Count), true
}

// Candidate is a student ranked for a task, with the signals that scored them.
type Candidate struct {
	StudentID string
	Score     int
	Proved    []Proof  // the task's skills proved, by name
	Claimed   []string // the task's skills listed but not proved
	// CategoryApproved is the student's approved tasks in the task's category; Approved all of them.
	CategoryApproved, Approved int
	Rating                     Rating
	Replies                    int
	ReplySeconds               int // median, of Replies
	LastActiveAt               *time.Time
	Category                   string         // the task's
	Student                    *accounts.User // filled by the store's ranking read
	// Reasons are the signals that scored, in words, strongest first (filled by the Service).
	Reasons []string
}

// explain is the candidate's signals that scored, in words, strongest first.
func (c Candidate) explain(now time.Time) []string {
	out := []string{}
	if len(c.Proved) > 0 {
		out = append(out, provedReason(c.Proved))
	}
	if len(c.Claimed) > 0 {
		out = append(out, "lists "+joinAnd(c.Claimed)+" on their profile")
	}
	if avg, ok := c.Rating.Average(); ok {
		out = append(out, fmt.Sprintf("rated %.1f from %d startups", avg, c.Rating.Count))
	}
	if c.CategoryApproved > 0 {
		out = append(out, fmt.Sprintf("%s approved in %s", plural(c.CategoryApproved, "task"), c.Category))
	}
	if r := activeReason(c.LastActiveAt, now); r != "" {
		out = append(out, r)
	}
	if c.Replies >= MinReplies {
		switch {
		case c.ReplySeconds <= int(ReplyHour.Seconds()):
			out = append(out, "usually replies within an hour")
		case c.ReplySeconds <= int(ReplyDay.Seconds()):
			out = append(out, "usually replies within a day")
		}
	}
	return out
}

func provedReason(proved []Proof) string {
	if len(proved) == 1 {
		return fmt.Sprintf("%s proved in %s", proved[0].Skill, plural(proved[0].Proofs, "approved task"))
	}
	names, most := make([]string, len(proved)), 0
	for i, p := range proved {
		names[i], most = p.Skill, max(most, p.Proofs)
	}
	return fmt.Sprintf("%s proved in up to %s", joinAnd(names), plural(most, "approved task"))
}

func activeReason(at *time.Time, now time.Time) string {
	switch {
	case at == nil:
		return ""
	case !at.Before(now.Add(-ActiveWeek)):
		return "active this week"
	case !at.Before(now.Add(-ActiveMonth)):
		return "active this month"
	}
	return ""
}

// Pick is an open task ranked for a student, with the signals that scored it.
type Pick struct {
	Task    tasks.Task
	Score   int
	Proved  []string // the task's skills the student proved
	Claimed []string // the task's skills the student lists, not proved
	// SavedSearch: the task matches one of the student's saved searches.
	SavedSearch bool
	// InCurrency: the task pays in the student's currency.
	InCurrency bool
	// The startup's payment record (accounts.PaymentRecord) and rating.
	StartupPaid, StartupApproved, StartupDisputed int
	StartupRating                                 Rating
	// Reasons are the signals that scored, in words (filled by the Service).
	Reasons []string
}

// explain is the pick's signals that scored, in words.
func (p Pick) explain(now time.Time) []string {
	out := []string{}
	if len(p.Proved) > 0 {
		out = append(out, "you proved "+joinAnd(p.Proved)+" in approved work")
	}
	if len(p.Claimed) > 0 {
		out = append(out, "asks for "+joinAnd(p.Claimed)+", on your profile")
	}
	if p.SavedSearch {
		out = append(out, "matches one of your saved searches")
	}
	if p.InCurrency {
		out = append(out, "pays in "+p.Task.Currency)
	}
	switch {
	case p.StartupDisputed > 0:
		out = append(out, fmt.Sprintf("startup has %s in dispute", plural(p.StartupDisputed, "payment")))
	case p.StartupPaid > 0:
		out = append(out, fmt.Sprintf("startup paid %d of %s", p.StartupPaid, plural(p.StartupApproved, "approval")))
	}
	if avg, ok := p.StartupRating.Average(); ok {
		out = append(out, fmt.Sprintf("startup rated %.1f from %d students", avg, p.StartupRating.Count))
	}
	if left := p.Task.Deadline.Sub(now); !p.Task.Deadline.IsZero() && left >= DeadlineRoom {
		out = append(out, plural(int(math.Floor(left.Hours()/24)), "day")+" to the deadline")
	}
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func joinAnd(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Store is what the ranking needs from the database.
type Store interface {
	// Refresh rebuilds the derived signals from the history as of now.
	Refresh(ctx context.Context, now time.Time) error
	// RankStudents pages the discoverable students with a signal for need, best first, their
	// users filled, and counts them all.
	RankStudents(ctx context.Context, need Need, offset, limit int) ([]Candidate, int, error)
	// RankTasks pages the listed tasks for studentID best first, within q's filters, and counts
	// them all; baseCurrency is the student's currency when no payment names one.
	RankTasks(ctx context.Context, studentID string, q tasks.Query, baseCurrency string, now time.Time, offset, limit int) ([]Pick, int, error)
}

// TaskReader reads a task for its owner's matches.
type TaskReader interface {
	Task(ctx context.Context, id string) (*tasks.Task, error)
}

// Service ranks; BaseCurrency is CURRENCY_BASE.
type Service struct {
	Store        Store
	Tasks        TaskReader
	BaseCurrency string
	Now          func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// taskNotFound is the answer for a task that is not the caller's (DESIGN §5: 404, not revealed).
const taskNotFound = "Task not found."

// MaxSkills bounds the skills a draft's matches may ask for, as a task holds at most so many.
const MaxSkills = 20

// Matches pages the students ranked for the caller's own task.
func (s *Service) Matches(ctx context.Context, startup *accounts.User, taskID string, offset, limit int) ([]Candidate, int, error) {
	t, err := s.Tasks.Task(ctx, taskID)
	if err != nil {
		return nil, 0, err
	}
	if !tasks.CanManage(t, startup.ID) {
		return nil, 0, apperr.New(apperr.NotFound, taskNotFound)
	}
	return s.rankStudents(ctx, Need{Skills: t.Skills, Category: t.Category}, offset, limit)
}

func (s *Service) rankStudents(ctx context.Context, need Need, offset, limit int) ([]Candidate, int, error) {
	now := s.now()
	found, total, err := s.Store.RankStudents(ctx, need, offset, limit)
	for i := range found {
		found[i].Category = need.Category
		found[i].Reasons = found[i].explain(now)
	}
	return found, total, err
}

// DraftMatches pages the students ranked for a task not posted yet: the Post Work form's.
func (s *Service) DraftMatches(ctx context.Context, need Need, offset, limit int) ([]Candidate, int, error) {
	var v apperr.Validator
	v.Check(len(need.Skills) <= MaxSkills, "skills", fmt.Sprintf("Ask for at most %d skills", MaxSkills))
	v.Check(len(need.Category) <= 50, "category", "Unknown category")
	for _, sk := range need.Skills {
		v.Check(len(sk) <= 100, "skills", "Skill names are at most 100 characters")
	}
	if err := v.Err(); err != nil {
		return nil, 0, err
	}
	return s.rankStudents(ctx, need, offset, limit)
}

// Recommended pages the open tasks ranked for the student, within q's filters.
func (s *Service) Recommended(ctx context.Context, student *accounts.User, q tasks.Query, offset, limit int) ([]Pick, int, error) {
	now := s.now()
	picks, total, err := s.Store.RankTasks(ctx, student.ID, q, s.BaseCurrency, now, offset, limit)
	for i := range picks {
		picks[i].Reasons = picks[i].explain(now)
	}
	return picks, total, err
}

// Refresh rebuilds the derived signals now.
func (s *Service) Refresh(ctx context.Context) error { return s.Store.Refresh(ctx, s.now()) }

// Signals gathers the history Refresh derives the signals from, fed in any order except
// messages, which come oldest first.
type Signals struct {
	people map[string]*Person
	skills map[[2]string]*SkillProof
	cats   map[[2]string]*CategoryWork
	// last is the latest message of each pair of users, by the pair's ids in order.
	last    map[[2]string]lastMessage
	replies map[string][]int
}

type lastMessage struct {
	sender string
	at     time.Time
}

// Person is a user's derived signals: a row of match_people.
type Person struct {
	UserID       string
	Approved     int
	Rating       Rating
	Replies      int
	ReplySeconds int
	LastActiveAt *time.Time
	Currency     string
	// Points are what the student scores for any task: rating, recent activity and reply
	// speed (StudentPoints), as of the refresh.
	Points int
}

// StudentPoints are the points of p's that do not hang on the task: rating, activity as of now
// and reply speed (docs/matching.md, "Matches for a task").
func StudentPoints(p Person, now time.Time) int {
	points := 0
	if avg, ok := p.Rating.Average(); ok {
		points += int(math.Round(float64(StudentStarPoints) * avg))
	}
	switch {
	case p.LastActiveAt == nil:
	case !p.LastActiveAt.Before(now.Add(-ActiveWeek)):
		points += ActiveWeekPoints
	case !p.LastActiveAt.Before(now.Add(-ActiveMonth)):
		points += ActiveMonthPoints
	}
	if p.Replies >= MinReplies {
		switch {
		case p.ReplySeconds <= int(ReplyHour.Seconds()):
			points += ReplyHourPoints
		case p.ReplySeconds <= int(ReplyDay.Seconds()):
			points += ReplyDayPoints
		}
	}
	return points
}

// IndexEntry is a row of match_index: one skill (Key "s:" and its lower-cased name) or task
// category ("c:" and the category) of one discoverable student, with what a task asking for it
// scores them. A task's matches add up the entries of its keys (MatchKeys) per student.
type IndexEntry struct {
	Key, UserID      string
	Proved, Claimed  int // 1 or 0: the skill is proved, or listed and not proved
	CategoryApproved int // a category's approved tasks
	Points, Approved int // the student's StudentPoints and approved tasks
}

// MatchKeys are the index keys of need: its skills' and its category's.
func MatchKeys(need Need) []string {
	keys := make([]string, 0, len(need.Skills)+1)
	for _, k := range need.SkillKeys() {
		keys = append(keys, skillKey(k))
	}
	if need.Category != "" {
		keys = append(keys, "c:"+need.Category)
	}
	return keys
}

func skillKey(nameKey string) string { return "s:" + nameKey }

// IndexOf is a student's match_index entries, from the keys of the skills they list, their
// proofs and category work (theirs alone) and their Person; none for a hidden student.
func IndexOf(p Person, discoverable bool, listed []string, proofs []SkillProof, cats []CategoryWork) []IndexEntry {
	if !discoverable {
		return nil
	}
	entry := func(key string) IndexEntry {
		return IndexEntry{Key: key, UserID: p.UserID, Points: p.Points, Approved: p.Approved}
	}
	at := map[string]int{}
	var out []IndexEntry
	for _, pr := range proofs {
		e := entry(skillKey(pr.NameKey))
		e.Proved = 1
		at[pr.NameKey] = len(out)
		out = append(out, e)
	}
	for _, k := range listed {
		if _, seen := at[k]; !seen {
			e := entry(skillKey(k))
			e.Claimed = 1
			at[k] = len(out)
			out = append(out, e)
		}
	}
	for _, c := range cats {
		e := entry("c:" + c.Category)
		e.CategoryApproved = c.Approved
		out = append(out, e)
	}
	return out
}

// SkillProof is a skill a student's certificates name: a row of match_skills.
type SkillProof struct {
	NameKey, UserID, Name string
	Proofs                int
}

// CategoryWork is a student's certificates in one category: a row of match_categories.
type CategoryWork struct {
	Category, UserID string
	Approved         int
}

// NewSignals starts gathering the signals.
func NewSignals() *Signals {
	return &Signals{people: map[string]*Person{}, skills: map[[2]string]*SkillProof{},
		cats: map[[2]string]*CategoryWork{}, last: map[[2]string]lastMessage{}, replies: map[string][]int{}}
}

func (s *Signals) person(id string) *Person {
	p := s.people[id]
	if p == nil {
		p = &Person{UserID: id}
		s.people[id] = p
	}
	return p
}

// Certificate counts an approval: the student's work, in its category, proving its skills.
func (s *Signals) Certificate(studentID, category string, skills []string, at time.Time) {
	s.person(studentID).Approved++
	s.Active(studentID, at)
	if category != "" {
		k := [2]string{category, studentID}
		if s.cats[k] == nil {
			s.cats[k] = &CategoryWork{Category: category, UserID: studentID}
		}
		s.cats[k].Approved++
	}
	seen := map[string]bool{}
	for _, name := range skills {
		key := strings.ToLower(strings.TrimSpace(name))
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		k := [2]string{key, studentID}
		if s.skills[k] == nil {
			s.skills[k] = &SkillProof{NameKey: key, UserID: studentID, Name: strings.TrimSpace(name)}
		}
		s.skills[k].Proofs++
	}
}

// Rated sets a user's visible ratings.
func (s *Signals) Rated(userID string, r Rating) { s.person(userID).Rating = r }

// Active records that userID did something at.
func (s *Signals) Active(userID string, at time.Time) {
	p := s.person(userID)
	if p.LastActiveAt == nil || at.After(*p.LastActiveAt) {
		at := at.UTC()
		p.LastActiveAt = &at
	}
}

// Paid records a payment to a student in currency; the latest one fed is the student's currency.
func (s *Signals) Paid(studentID, currency string) { s.person(studentID).Currency = currency }

// Message times replies: a message that answers the other side's last message in the pair is a
// reply, timed from it. Messages come oldest first; those before ReplyWindow are not fed.
func (s *Signals) Message(sender, receiver string, at time.Time) {
	pair := [2]string{sender, receiver}
	if receiver < sender {
		pair = [2]string{receiver, sender}
	}
	if prev, ok := s.last[pair]; ok && prev.sender == receiver {
		s.replies[sender] = append(s.replies[sender], int(at.Sub(prev.at).Seconds()))
	}
	s.last[pair] = lastMessage{sender: sender, at: at}
}

// Rows are the derived signals as match_people, match_skills and match_categories hold them,
// each in a fixed order.
func (s *Signals) Rows() ([]Person, []SkillProof, []CategoryWork) {
	for id, times := range s.replies {
		sort.Ints(times)
		p := s.person(id)
		p.Replies, p.ReplySeconds = len(times), times[len(times)/2]
	}
	people := make([]Person, 0, len(s.people))
	for _, p := range s.people {
		people = append(people, *p)
	}
	sort.Slice(people, func(i, j int) bool { return people[i].UserID < people[j].UserID })
	skills := make([]SkillProof, 0, len(s.skills))
	for _, p := range s.skills {
		skills = append(skills, *p)
	}
	sort.Slice(skills, func(i, j int) bool {
		return skills[i].UserID < skills[j].UserID || skills[i].UserID == skills[j].UserID && skills[i].NameKey < skills[j].NameKey
	})
	cats := make([]CategoryWork, 0, len(s.cats))
	for _, c := range s.cats {
		cats = append(cats, *c)
	}
	sort.Slice(cats, func(i, j int) bool {
		return cats[i].UserID < cats[j].UserID || cats[i].UserID == cats[j].UserID && cats[i].Category < cats[j].Category
	})
	return people, skills, cats
}
