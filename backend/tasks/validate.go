package tasks

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/apperr"
	"bridgework/backend/money"
	"bridgework/backend/weblink"
)

// Work types and their categories, exactly as spec §5 lists them.
var (
	WorkTypes = []string{"technical", "non-technical"}

	Categories = map[string][]string{
		"technical": {"development", "design", "data-analysis", "testing", "devops", "mobile-development",
			"web-development", "ai-ml", "cybersecurity", "database", "api-development", "cloud-computing"},
		"non-technical": {"marketing", "research", "writing", "content-creation", "social-media",
			"business-development", "sales", "customer-support", "project-management", "hr-recruitment",
			"finance-accounting", "legal", "operations", "event-management", "translation", "other"},
	}

	Priorities   = []string{"low", "medium", "high"}
	Difficulties = []string{"beginner", "intermediate", "advanced", "expert"}
)

// Limits on what a client may send; the spec sets only the minimums.
const (
	maxTitleLen       = 200
	maxDescriptionLen = 5000
	maxSkills         = 20
	maxSkillLen       = 50
	maxHours          = 10_000
	maxBudget         = 1_000_000_000
	maxAttachments    = 10
	maxFileNameLen    = 255
	maxLinkLen        = 2000
	maxNotesLen       = 1000
	maxSearchLen      = 200
)

// filePath is the only image or attachment URL a task may hold: a file uploaded to this server.
// The server never fetches a URL a user typed.
var filePath = regexp.MustCompile(`^/api/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// PostInput is the Post New Work form (spec §7 POST /startup/tasks).
type PostInput struct {
	Title, Description, Category, WorkType string
	Skills                                 []string
	Difficulty                             string
	EstimatedHours                         *float64
	BudgetMin, BudgetMax                   *float64
	// Currency is the budget's ISO 4217 code; empty is the server's default.
	Currency        string
	Deadline        string
	Priority        string
	ImageURL        string
	Attachments     []Attachment
	AssignedStudent string
	// RevisionRounds caps the changes the startup may ask for on one submission; nil is
	// DefaultRevisionRounds.
	RevisionRounds *int
	// Seats is how many approved submissions the task pays; nil is DefaultSeats.
	Seats *int
}

// maxDeadlineYears bounds how far ahead a deadline may be: further is a typo (2205 for 2025).
const maxDeadlineYears = 2

// validatePost checks the form with the rules of spec §5 and returns the task it describes.
// now is used to refuse deadlines in the past (a day that has ended everywhere: PastDeadline)
// and more than maxDeadlineYears ahead.
func validatePost(in PostInput, now time.Time, defaultCurrency string) (*Task, error) {
	t := &Task{
		Title: strings.TrimSpace(in.Title), Description: strings.TrimSpace(in.Description),
		WorkType: strings.TrimSpace(in.WorkType), Category: strings.TrimSpace(in.Category),
		Difficulty: strings.TrimSpace(in.Difficulty), Priority: strings.TrimSpace(in.Priority),
		ImageURL: strings.TrimSpace(in.ImageURL), AssignedStudentID: strings.TrimSpace(in.AssignedStudent),
		Skills: SplitSkills(in.Skills),
	}
	var v apperr.Validator
	checkText(&v, "title", "Title", t.Title, maxTitleLen)
	checkText(&v, "description", "Description", t.Description, maxDescriptionLen)
	if v.Check(t.WorkType != "", "workType", "Work type is required") {
		v.Check(Categories[t.WorkType] != nil, "workType", "Work type must be technical or non-technical")
	}
	if v.Check(t.Category != "", "category", "Category is required") && Categories[t.WorkType] != nil {
		v.Check(contains(Categories[t.WorkType], t.Category), "category", "Choose a category of the selected work type")
	}
	if v.Check(len(t.Skills) > 0, "skills", "Skills are required") {
		v.Check(len(t.Skills) <= maxSkills, "skills", "Add at most 20 skills")
		for _, s := range t.Skills {
			v.Check(utf8.RuneCountInString(s) <= maxSkillLen, "skills", "Each skill must be at most 50 characters")
		}
	}
	if v.Check(in.EstimatedHours != nil, "estimatedHours", "Estimated hours is required") {
		h := *in.EstimatedHours
		v.Check(h >= 1, "estimatedHours", "Estimated hours must be at least 1")
		v.Check(h <= maxHours, "estimatedHours", "Estimated hours must be at most 10000")
		t.EstimatedHours = h
	}
	if v.Check(strings.TrimSpace(in.Deadline) != "", "deadline", "Deadline is required") {
		d, ok := ParseDate(in.Deadline)
		if v.Check(ok, "deadline", "Deadline must be a date") {
			v.Check(!PastDeadline(&Task{Deadline: d}, now), "deadline", "Deadline cannot be in the past")
			v.Check(!d.After(now.UTC().AddDate(maxDeadlineYears, 0, 0)), "deadline", "Deadline must be within two years")
			t.Deadline = d
		}
	}
	t.BudgetMin, t.BudgetMax = valueOr(in.BudgetMin), valueOr(in.BudgetMax)
	if v.Check(t.BudgetMin >= 0 && t.BudgetMax >= 0 && t.BudgetMin <= maxBudget && t.BudgetMax <= maxBudget,
		"budget", "Budget must be between 0 and 1000000000") {
		v.Check(t.BudgetMax == 0 || t.BudgetMax >= t.BudgetMin, "budget", "Budget max must be at least budget min")
	}
	t.Currency = strings.TrimSpace(in.Currency)
	if t.Currency == "" {
		t.Currency = defaultCurrency
	}
	v.Check(money.ValidCurrency(t.Currency), "currency", "Currency must be a three-letter ISO 4217 code")
	if t.Priority == "" {
		t.Priority = "medium"
	}
	v.Check(contains(Priorities, t.Priority), "priority", "Priority must be low, medium or high")
	v.Check(t.Difficulty == "" || contains(Difficulties, t.Difficulty), "difficulty",
		"Difficulty must be beginner, intermediate, advanced or expert")
	v.Check(t.ImageURL == "" || filePath.MatchString(t.ImageURL), "imageUrl", "Images must be uploaded files")
	if v.Check(len(in.Attachments) <= maxAttachments, "attachments", "Add at most 10 attachments") {
		for _, a := range in.Attachments {
			a.Name, a.URL = strings.TrimSpace(a.Name), strings.TrimSpace(a.URL)
			ok := v.Check(filePath.MatchString(a.URL), "attachments", "Attachments must be uploaded files") &&
				v.Check(utf8.RuneCountInString(a.Name) <= maxFileNameLen, "attachments", "Attachment names must be at most 255 characters")
			if ok {
				t.Attachments = append(t.Attachments, a)
			}
		}
	}
	v.Check(t.AssignedStudentID == "" || validUUID(t.AssignedStudentID), "assignedStudent", "Choose a student from the list")
	t.RevisionRounds = DefaultRevisionRounds
	if in.RevisionRounds != nil {
		t.RevisionRounds = *in.RevisionRounds
		v.Check(t.RevisionRounds >= 0 && t.RevisionRounds <= MaxRevisionRounds, "revisionRounds",
			"Revision rounds must be a whole number from 0 to 10")
	}
	t.Seats = DefaultSeats
	if in.Seats != nil {
		t.Seats = *in.Seats
		v.Check(t.Seats >= 1 && t.Seats <= MaxSeats, "seats", "Paid places must be a whole number from 1 to 50")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// SplitSkills turns the skills field into a clean list: entries may hold several skills
// separated by commas (spec §5); blanks and repeats (case-insensitively) are dropped.
func SplitSkills(in []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, entry := range in {
		for _, part := range strings.Split(entry, ",") {
			s := strings.TrimSpace(part)
			if s == "" || seen[strings.ToLower(s)] {
				continue
			}
			seen[strings.ToLower(s)] = true
			out = append(out, s)
		}
	}
	return out
}

// ValidateLink checks a submitted work link and returns it as stored: not blank, a link by
// weblink's rule (an absolute http or https URL as RFC 3986 writes it), on a public host the
// startup can open rather than localhost, a private-network name or an IP address.
func ValidateLink(link string) (string, error) {
	link = strings.TrimSpace(link)
	const tooLong = "Link must be at most 2000 characters"
	var v apperr.Validator
	if v.Check(link != "", "link", "Link is required") &&
		v.Check(utf8.RuneCountInString(link) <= maxLinkLen, "link", tooLong) {
		uri, host, err := weblink.Parse(link)
		// The stored form may be longer than the typed one: non-ASCII is percent-encoded.
		if v.Check(err == nil, "link", "Please enter a valid URL starting with http:// or https://") &&
			v.Check(len(uri) <= maxLinkLen, "link", tooLong) &&
			v.Check(weblink.PublicHost(host), "link",
				"Use a public link: the startup cannot open localhost, private-network or IP addresses") {
			link = uri
		}
	}
	return link, v.Err()
}

// ValidateDecision checks the review routes' input before any object is loaded.
func ValidateDecision(d Decision) error {
	var v apperr.Validator
	if v.Check(d.StudentID != "", "studentId", "studentId is required") {
		v.Check(validUUID(d.StudentID), "studentId", "studentId must be a student's id")
	}
	v.Check(utf8.RuneCountInString(d.Notes) <= maxNotesLen, "reviewNotes", "Review notes must be at most 1000 characters")
	v.Check(d.Revision == nil || *d.Revision >= 1 && *d.Revision <= maxRevision, "revision", "revision must be the number of the revision you reviewed")
	return v.Err()
}

// maxRevision bounds the revision a decision may name: far more than any submission reaches.
const maxRevision = 100_000

// ValidateQuery checks a list's query parameters.
func ValidateQuery(q Query) error {
	var v apperr.Validator
	v.Check(utf8.RuneCountInString(q.Search) <= maxSearchLen, "search", "Search must be at most 200 characters")
	v.Check(len(q.Category) <= 50, "category", "Unknown category")
	v.Check(q.Sort == "" || q.Sort == "deadline" || q.Sort == "title" || q.Sort == "newest" || q.Sort == "pay",
		"sort", "Sort by deadline, title or pay")
	v.Check(q.Source == "" || q.Source == "startup" || q.Source == "non-startup", "source", "Source must be startup or non-startup")
	v.Check(q.Status == "" || q.Status == StatusOpen || q.Status == StatusUnderReview || q.Status == StatusCompleted || q.Status == StatusClosed,
		"status", "Status must be open, under-review, completed or closed")
	checkBudgetFilter(&v, q.Pay)
	checkPage(&v, q.Page)
	return v.Err()
}

// checkPage is the page rule of every list the service pages (ValidateQuery's and
// StartupSubmissions'). Page 0 is the first page, as an unset Query.Page; the HTTP layer has
// already refused anything below 1 (httpapi.readPaging).
func checkPage(v *apperr.Validator, page int) {
	v.Check(page >= 0 && page <= 100_000, "page", "Page must be a positive number")
}

// ParseDate reads a date as YYYY-MM-DD or RFC 3339 and returns midnight UTC of that day.
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 40 {
		return time.Time{}, false
	}
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return d, true
	}
	if d, err := time.Parse(time.RFC3339, s); err == nil {
		d = d.UTC()
		return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

func checkText(v *apperr.Validator, field, label, value string, max int) {
	if v.Check(value != "", field, label+" is required") {
		v.Check(utf8.RuneCountInString(value) <= max, field, label+" must be at most "+strconv.Itoa(max)+" characters")
	}
}

var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

func validUUID(s string) bool { return uuidPattern.MatchString(s) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func valueOr(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// maxChoiceLen caps a repost's choice and date fields before they are checked against their lists.
const maxChoiceLen = 100

// CheckRepostLengths refuses a repost's over-long texts before its old task is read, so bad input
// is a 400 whatever the task. Only what the body sets is checked here: a field it leaves out is the
// old task's, and the whole form is checked as a post's once laid over it.
func CheckRepostLengths(in PostInput) error {
	var v apperr.Validator
	for _, f := range []struct {
		field, label, value string
		max                 int
	}{
		{"title", "Title", in.Title, maxTitleLen},
		{"description", "Description", in.Description, maxDescriptionLen},
		{"workType", "Work type", in.WorkType, maxChoiceLen},
		{"category", "Category", in.Category, maxChoiceLen},
		{"difficulty", "Difficulty", in.Difficulty, maxChoiceLen},
		{"priority", "Priority", in.Priority, maxChoiceLen},
		{"deadline", "Deadline", in.Deadline, maxChoiceLen},
		{"imageUrl", "Image", in.ImageURL, maxChoiceLen},
	} {
		v.Check(utf8.RuneCountInString(strings.TrimSpace(f.value)) <= f.max, f.field,
			f.label+" must be at most "+strconv.Itoa(f.max)+" characters")
	}
	return v.Err()
}
