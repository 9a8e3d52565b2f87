package main

import "time"

// The JSON Bridgework answers (backend/httpapi: taskJSON, personJSON, submissionJSON, userJSON),
// field for field.

// ratingWindow is ratings.EditWindow: approved work shows when its rating closes.
const ratingWindow = 14 * 24 * time.Hour

// deadlineGrace is tasks.DeadlineGrace: a deadline has passed once its day has ended everywhere.
const deadlineGrace = 36 * time.Hour

type personJSON struct {
	ID             string             `json:"_id"`
	IDAlias        string             `json:"id"`
	FirstName      string             `json:"firstName,omitempty"`
	LastName       string             `json:"lastName,omitempty"`
	Username       string             `json:"username,omitempty"`
	Email          string             `json:"email,omitempty"`
	CompanyName    string             `json:"companyName,omitempty"`
	Logo           string             `json:"logo,omitempty"`
	VerifiedDomain string             `json:"verifiedDomain,omitempty"`
	PaymentRecord  *paymentRecordJSON `json:"paymentRecord,omitempty"` // a startup's
}

type paymentRecordJSON struct {
	Approved        int      `json:"approved"`
	Paid            int      `json:"paid"`
	Disputed        int      `json:"disputed"`
	MedianDaysToPay *float64 `json:"medianDaysToPay"`
}

type fundingJSON struct {
	Status   string `json:"status"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

type budgetJSON struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

type attachmentJSON struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

type submissionJSON struct {
	ID          string         `json:"_id"`
	Student     *personJSON    `json:"student"`
	Link        string         `json:"link"`
	Status      string         `json:"status"`
	SubmittedAt time.Time      `json:"submittedAt"`
	ReviewNotes string         `json:"reviewNotes"`
	Revision    int            `json:"revision"`
	Revisions   []revisionJSON `json:"revisions"`
	// RatingClosesAt is on approved work only.
	RatingClosesAt *time.Time `json:"ratingClosesAt,omitempty"`
}

type revisionJSON struct {
	Revision    int        `json:"revision"`
	Link        string     `json:"link"`
	Status      string     `json:"status"`
	ReviewNotes string     `json:"reviewNotes"`
	SubmittedAt time.Time  `json:"submittedAt"`
	ReviewedAt  *time.Time `json:"reviewedAt"`
}

type taskJSON struct {
	ID              string           `json:"_id"`
	Title           string           `json:"title"`
	Description     string           `json:"description"`
	Category        string           `json:"category"`
	WorkType        string           `json:"workType"`
	Skills          []string         `json:"skills"`
	Difficulty      string           `json:"difficulty"`
	EstimatedHours  float64          `json:"estimatedHours"`
	Budget          budgetJSON       `json:"budget"`
	Currency        string           `json:"currency"`
	Deadline        time.Time        `json:"deadline"`
	DeadlinePassed  bool             `json:"deadlinePassed"`
	Priority        string           `json:"priority"`
	ImageURL        string           `json:"imageUrl"`
	Attachments     []attachmentJSON `json:"attachments"`
	AssignedStudent *personJSON      `json:"assignedStudent"`
	RevisionRounds  int              `json:"revisionRounds"`
	Seats           int              `json:"seats"`
	SeatsFilled     int              `json:"seatsFilled"`
	Funding         fundingJSON      `json:"funding"`
	Status          string           `json:"status"`
	DisplayStatus   string           `json:"displayStatus"`
	Startup         *personJSON      `json:"startup"`
	Submissions     []submissionJSON `json:"submissions"`
	CompletedAt     *time.Time       `json:"completedAt"`
	ClosedReason    string           `json:"closedReason,omitempty"`
	ClosedAt        *time.Time       `json:"closedAt,omitempty"`
	CreatedAt       time.Time        `json:"createdAt"`
	CertificateID   string           `json:"certificateId,omitempty"`
}

// profileJSON is the signed-in user as the student dashboard shows them to themselves
// (httpapi.userJSON with every field visible). The floor does not sign résumé links: the
// seeded users have none.
type profileJSON struct {
	ID                 string             `json:"_id"`
	IDAlias            string             `json:"id"`
	UserType           string             `json:"userType"`
	IsVerified         bool               `json:"isVerified"`
	FirstName          string             `json:"firstName"`
	LastName           string             `json:"lastName"`
	Username           string             `json:"username"`
	Email              string             `json:"email,omitempty"`
	CompanyName        string             `json:"companyName"`
	CompanyDescription string             `json:"companyDescription"`
	CompanySize        string             `json:"companySize"`
	Industry           string             `json:"industry"`
	Tier               string             `json:"tier"`
	Website            string             `json:"website"`
	VerifiedDomain     string             `json:"verifiedDomain"`
	VerifiedAt         *time.Time         `json:"verifiedAt,omitempty"`
	PaymentRecord      *paymentRecordJSON `json:"paymentRecord,omitempty"` // a startup's
	Phone              string             `json:"phone,omitempty"`
	College            string             `json:"college"`
	Institute          string             `json:"institute"`
	CollegeEmail       string             `json:"collegeEmail,omitempty"`
	Bio                string             `json:"bio"`
	Headline           string             `json:"headline"`
	Summary            string             `json:"summary"`
	ProfilePicture     string             `json:"profilePicture"`
	Resume             string             `json:"resume,omitempty"`
	Skills             []skillJSON        `json:"skills"`
	Experience         []experienceJSON   `json:"experience"`
	Projects           []projectJSON      `json:"projects"`
	CreatedAt          time.Time          `json:"createdAt"`
}

type skillJSON struct {
	Name       string `json:"name"`
	Level      string `json:"level"`
	IsVerified bool   `json:"isVerified"`
}

type experienceJSON struct {
	Title       string `json:"title"`
	Company     string `json:"company"`
	Description string `json:"description"`
	StartDate   string `json:"startDate"`
	EndDate     string `json:"endDate"`
	IsCurrent   bool   `json:"isCurrent"`
}

type projectJSON struct {
	Title        string   `json:"title"`
	Description  string   `json:"description"`
	Technologies []string `json:"technologies"`
	Link         string   `json:"link"`
}

type studentStatsJSON struct {
	ActiveTasks  int `json:"activeTasks"`
	Completed    int `json:"completed"`
	Certificates int `json:"certificates"`
}

type availableJSON struct {
	Items       []taskJSON `json:"items"`
	Total       int        `json:"total"`
	TotalCapped bool       `json:"totalCapped"`
}

type studentDashboardJSON struct {
	Student           profileJSON      `json:"student"`
	User              profileJSON      `json:"user"`
	Tasks             []taskJSON       `json:"tasks"`
	Stats             studentStatsJSON `json:"stats"`
	ActiveTasks       []taskJSON       `json:"activeTasks"`
	AvailableTasks    availableJSON    `json:"availableTasks"`
	RecentlyCompleted []taskJSON       `json:"recentlyCompleted"`
	Startups          []personJSON     `json:"startups"`
}

// emailVisible is profiles.VisibleTo's email column: to oneself; a student's to startups; a
// startup's to every signed-in user; nobody's to the signed-out.
func emailVisible(viewer *user, subjectID, subjectType string) bool {
	switch {
	case viewer == nil:
		return false
	case viewer.ID == subjectID || viewer.Type == "admin":
		return true
	case subjectType == "student":
		return viewer.Type == "startup"
	}
	return subjectType == "startup"
}

// displayStatus is tasks.DisplayStatus.
func displayStatus(status string) string {
	if status == "" || status == "submitted" {
		return "open"
	}
	return status
}

// studentStatus is tasks.StudentStatus: the student's own submission's status, else the task's
// (open, or completed or closed once it ended).
func studentStatus(t *taskJSON, subs []submissionRow, studentID string) string {
	for _, s := range subs {
		if s.StudentID != studentID {
			continue
		}
		switch s.Status {
		case "approved":
			return "completed"
		case "under-review":
			return "under-review"
		case "rejected", "changes_requested", "closed":
			return s.Status
		}
		return "submitted"
	}
	if t.Status == "completed" || t.Status == "closed" {
		return t.Status
	}
	return "open"
}
