package httpapi

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/admin"
	"bridgework/backend/apperr"
	"bridgework/backend/audit"
	"bridgework/backend/tasks"
)

// createDefaultAdmin is public: the accounts service creates the admin only when none exists
// and the body is the configured bootstrap pair.
func (s *Server) createDefaultAdmin(c *gin.Context) error {
	var req credentialsRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	if err := s.accounts.CreateDefaultAdmin(c.Request.Context(), req.Email, req.Password); err != nil {
		return err
	}
	c.JSON(http.StatusCreated, messageJSON{Message: "Default admin created."})
	return nil
}

// adminTotalsJSON is the admin dashboard's totals.
type adminTotalsJSON struct {
	Startups int64 `json:"startups"`
	Students int64 `json:"students"`
	Tasks    int64 `json:"tasks"`
}

func (s *Server) adminTotals(c *gin.Context) error {
	t, err := s.admin.Totals(c.Request.Context())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, adminTotalsJSON{Students: t.Students, Startups: t.Startups, Tasks: t.Tasks})
	return nil
}

type weekActivityJSON struct {
	Week         string `json:"week"`
	Signups      int64  `json:"signups"`
	Submissions  int64  `json:"submissions"`
	Certificates int64  `json:"certificates"`
}

func toWeekActivityJSON(w admin.WeekActivity) weekActivityJSON {
	return weekActivityJSON{Week: w.Week.Format(time.DateOnly), Signups: w.Signups, Submissions: w.Submissions,
		Certificates: w.Certificates}
}

// adminActivityJSON is the admin dashboard's figures (answers.go says why the keys are in order).
type adminActivityJSON struct {
	SubmissionsByStatus map[string]int64   `json:"submissionsByStatus"`
	ThisWeek            thisWeekJSON       `json:"thisWeek"`
	Weeks               []weekActivityJSON `json:"weeks"`
}

// thisWeekJSON is the current week's figures, with the tasks open now.
type thisWeekJSON struct {
	Certificates int64  `json:"certificates"`
	OpenTasks    int64  `json:"openTasks"`
	Signups      int64  `json:"signups"`
	Submissions  int64  `json:"submissions"`
	Week         string `json:"week"`
}

// adminActivity is the dashboard's figures: submissions by status, and sign-ups, submissions
// and certificates per week (Monday to Sunday, UTC), oldest first, this week last.
func (s *Server) adminActivity(c *gin.Context) error {
	a, err := s.admin.Activity(c.Request.Context())
	if err != nil {
		return err
	}
	weeks := make([]weekActivityJSON, len(a.Weeks))
	for i, w := range a.Weeks {
		weeks[i] = toWeekActivityJSON(w)
	}
	this := a.ThisWeek()
	c.JSON(http.StatusOK, adminActivityJSON{
		SubmissionsByStatus: a.SubmissionsByStatus,
		Weeks:               weeks,
		ThisWeek: thisWeekJSON{Week: this.Week.Format(time.DateOnly), Signups: this.Signups, Submissions: this.Submissions,
			Certificates: this.Certificates, OpenTasks: a.OpenTasks},
	})
	return nil
}

func (s *Server) adminUsers(t accounts.UserType) handlerFunc {
	return func(c *gin.Context) error {
		p, err := readPaging(c)
		if err != nil {
			return err
		}
		viewer := currentUser(c)
		q := admin.UserQuery{Type: t, Search: c.Query("search"), Sort: c.Query("sort"), Limit: p.PerPage, Offset: p.Offset()}
		users, total, err := s.admin.Users(c.Request.Context(), q)
		if err != nil {
			return err
		}
		writeList(c, p, s.usersJSON(users, viewer), counted(int(total)))
		return nil
	}
}

// tasksJSON renders tasks with the statuses owner sees, so the admin reads the same statuses the
// student or startup does.
func tasksJSON(list []tasks.Task, owner, viewer *accounts.User, certificateOf map[string]string) []taskJSON {
	out := make([]taskJSON, 0, len(list))
	for _, t := range list {
		j := toTaskJSONAs(t, owner, viewer)
		j.CertificateID = certificateOf[t.ID]
		out = append(out, j)
	}
	return out
}

// adminStudentDashboardJSON is a student's dashboard as the admin reads it.
type adminStudentDashboardJSON struct {
	ActiveTasks       []taskJSON        `json:"activeTasks"`
	AvailableTasks    taskCountJSON     `json:"availableTasks"`
	Certificates      []certificateJSON `json:"certificates"`
	RecentlyCompleted []taskJSON        `json:"recentlyCompleted"`
	Startups          []personJSON      `json:"startups"`
	Stats             studentStatsJSON  `json:"stats"`
	Tasks             []taskJSON        `json:"tasks"`
	User              userJSON          `json:"user"`
}

// taskCountJSON is the first tasks of a list and how many it holds.
type taskCountJSON struct {
	Items []taskJSON `json:"items"`
	Total int        `json:"total"`
}

// adminStudent is a student's dashboard for the admin: {user, tasks, certificates} plus the
// dashboard's own cards and lists.
func (s *Server) adminStudent(c *gin.Context) error {
	viewer := currentUser(c)
	d, err := s.admin.Student(c.Request.Context(), c.Param("id"))
	if err != nil {
		return err
	}
	s.recordAdminView(c, d.Student, "student dashboard")
	student, dash := d.Student, d.Dashboard
	startups := make([]personJSON, 0, len(dash.Startups))
	for _, p := range dash.Startups {
		startups = append(startups, *toPersonJSON(&p, viewer))
	}
	c.JSON(http.StatusOK, adminStudentDashboardJSON{
		User:              s.userJSON(student, viewer),
		Stats:             studentStatsJSON{ActiveTasks: dash.Counts.Active, Completed: dash.Counts.Completed, Certificates: dash.Counts.Certificates},
		ActiveTasks:       tasksJSON(dash.Active, student, viewer, dash.CertificateOf),
		AvailableTasks:    taskCountJSON{Items: tasksJSON(d.Available.Items, student, viewer, nil), Total: d.Available.Total},
		RecentlyCompleted: tasksJSON(dash.RecentlyCompleted, student, viewer, dash.CertificateOf),
		Startups:          startups,
		Tasks:             tasksJSON(d.Tasks, student, viewer, dash.CertificateOf),
		Certificates:      s.certificateList(d.Certificates),
	})
	return nil
}

// adminStartupDashboardJSON is a startup's dashboard as the admin reads it.
type adminStartupDashboardJSON struct {
	Startup     userJSON            `json:"startup"`
	Stats       startupStatsJSON    `json:"stats"`
	Submissions []submissionRowJSON `json:"submissions"`
	Tasks       []taskJSON          `json:"tasks"`
	TotalTasks  int                 `json:"totalTasks"`
}

// adminStartup is a startup's dashboard for the admin: {startup, tasks with submissions}, with
// the dashboard's stats and newest submissions.
func (s *Server) adminStartup(c *gin.Context) error {
	viewer := currentUser(c)
	d, err := s.admin.Startup(c.Request.Context(), c.Param("id"))
	if err != nil {
		return err
	}
	s.recordAdminView(c, d.Startup, "startup dashboard")
	subs := make([]submissionRowJSON, 0, len(d.Dashboard.Submissions))
	for _, sub := range d.Dashboard.Submissions {
		subs = append(subs, toSubmissionRowJSON(sub, viewer))
	}
	stats := d.Dashboard.Stats
	c.JSON(http.StatusOK, adminStartupDashboardJSON{
		Startup:     s.userJSON(d.Startup, viewer),
		Tasks:       tasksJSON(d.Tasks, d.Startup, viewer, nil),
		TotalTasks:  d.Total,
		Submissions: subs,
		Stats:       startupStatsJSON(stats),
	})
	return nil
}

type helpRequestJSON struct {
	ID        string    `json:"_id"`
	Phone     string    `json:"phone"`
	Email     string    `json:"email"`
	Topic     string    `json:"topic"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
}

func (s *Server) adminHelpRequests(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	list, total, err := s.admin.HelpRequests(c.Request.Context(), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	items := make([]helpRequestJSON, 0, len(list))
	for _, r := range list {
		items = append(items, helpRequestJSON(r))
	}
	writeList(c, p, items, counted(int(total)))
	return nil
}

// recordAdminView puts the admin's look at a person's dashboard on the audit trail: oversight
// is itself overseen.
func (s *Server) recordAdminView(c *gin.Context, person *accounts.User, what string) {
	s.audit.Record(c.Request.Context(), audit.Entry{Type: audit.AdminViewed, ActorID: currentUser(c).ID,
		SubjectID: person.ID, IP: c.ClientIP(), Detail: what})
}

// adminAudit pages the audit trail, newest first, filtered by actor (a user id), type (one or
// more, comma-separated or repeated) and a time range (from inclusive, to exclusive; a date
// alone covers its whole day).
func (s *Server) adminAudit(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	f, err := auditFilter(c)
	if err != nil {
		return err
	}
	entries, total, err := s.audit.List(c.Request.Context(), f, p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	out := make([]auditEntryJSON, len(entries))
	for i, e := range entries {
		out[i] = toAuditEntryJSON(e)
	}
	writeList(c, p, out, counted(total))
	return nil
}

func auditFilter(c *gin.Context) (audit.Filter, error) {
	f := audit.Filter{ActorID: strings.TrimSpace(c.Query("actor"))}
	var v apperr.Validator
	for _, t := range c.QueryArray("type") {
		for _, one := range strings.Split(t, ",") {
			if one = strings.TrimSpace(one); one != "" {
				v.Check(slices.Contains(audit.Types, one), "type", "type must be one of "+strings.Join(audit.Types, ", "))
				f.Types = append(f.Types, one)
			}
		}
	}
	var ok bool
	if f.From, ok = auditTime(c.Query("from"), false); !ok {
		v.Check(false, "from", "from must be a date (2026-11-25) or a time (RFC 3339)")
	}
	if f.To, ok = auditTime(c.Query("to"), true); !ok {
		v.Check(false, "to", "to must be a date (2026-11-25) or a time (RFC 3339)")
	}
	return f, v.Err()
}

// auditTime reads a filter's bound: "" is none; a date is its day's start, or for an end the
// next day's start, so to=2026-11-25 includes that day.
func auditTime(s string, end bool) (time.Time, bool) {
	if s == "" {
		return time.Time{}, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, false
	}
	if end {
		d = d.AddDate(0, 0, 1)
	}
	return d, true
}

// auditReportJSON is what GET /api/admin/audit/verify found; Checkpoint only when one was asked
// about.
type auditReportJSON struct {
	Intact     bool                 `json:"intact"`
	Checked    int                  `json:"checked"`
	BrokenAt   int64                `json:"brokenAt"`
	Reason     string               `json:"reason"`
	Head       string               `json:"head"`
	Checkpoint *auditCheckpointJSON `json:"checkpoint,omitempty"`
}

type auditCheckpointJSON struct {
	Genuine bool   `json:"genuine"`
	Holds   bool   `json:"holds"`
	Reason  string `json:"reason"`
}

// adminAuditVerify walks the whole chain and reports where it breaks, if anywhere; given a
// checkpoint from the log (seq, head, at, signature), it also says whether it still holds.
func (s *Server) adminAuditVerify(c *gin.Context) error {
	checkpoint, err := auditCheckpoint(c)
	if err != nil {
		return err
	}
	var r audit.Report
	var out auditReportJSON
	if checkpoint == nil {
		r, err = s.audit.Verify(c.Request.Context())
	} else {
		var cr audit.CheckpointReport
		r, cr, err = s.audit.VerifyCheckpoint(c.Request.Context(), *checkpoint)
		out.Checkpoint = &auditCheckpointJSON{Genuine: cr.Genuine, Holds: cr.Holds, Reason: cr.Reason}
	}
	if err != nil {
		return err
	}
	out.Intact, out.Checked, out.BrokenAt, out.Reason, out.Head = r.BrokenAt == 0, r.Checked, r.BrokenAt, r.Reason, r.Head
	c.JSON(http.StatusOK, out)
	return nil
}

// auditCheckpoint reads the checkpoint to check from the query, as the log's checkpoint line
// gives it: seq, head, at and signature, all four or none (nil).
func auditCheckpoint(c *gin.Context) (*audit.Checkpoint, error) {
	seq, head, at, signature := c.Query("seq"), c.Query("head"), c.Query("at"), c.Query("signature")
	if seq == "" && head == "" && at == "" && signature == "" {
		return nil, nil
	}
	var cp audit.Checkpoint
	var v apperr.Validator
	var err error
	cp.Seq, err = strconv.ParseInt(seq, 10, 64)
	v.Check(err == nil && cp.Seq > 0, "seq", "seq must be the checkpoint's entry number (1 or more); give seq, head, at and signature together")
	cp.Head = head
	v.Check(isSHA256Hex(head), "head", "head must be the checkpoint's hash: 64 hexadecimal characters")
	cp.At, err = time.Parse(time.RFC3339, at)
	v.Check(err == nil, "at", "at must be the checkpoint's time (RFC 3339)")
	cp.Signature = signature
	v.Check(isSHA256Hex(signature), "signature", "signature must be the checkpoint's signature: 64 hexadecimal characters")
	return &cp, v.Err()
}

// isSHA256Hex says whether s is a SHA-256 sum in lower-case hex, as hashes and signatures are written.
func isSHA256Hex(s string) bool {
	return len(s) == 64 && strings.Trim(s, "0123456789abcdef") == ""
}
