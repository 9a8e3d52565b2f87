package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/profiles"
	"bridgework/backend/tasks"
)

// allStartups pages the startups, newest first.
func (s *Server) allStartups(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	list, total, err := s.tasks.Startups(c.Request.Context(), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	out := make([]personJSON, 0, len(list))
	for _, person := range list {
		out = append(out, *toPersonJSON(&person, viewer))
	}
	writeList(c, p, out, counted(total))
	return nil
}

// startupPageJSON is the data of a startup's public page.
type startupPageJSON struct {
	Startup userJSON `json:"startup"`
}

// startupPage is the data of a startup's public page.
func (s *Server) startupPage(c *gin.Context) error {
	viewer := currentUser(c)
	startup, err := s.profiles.Startup(c.Request.Context(), c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, startupPageJSON{Startup: s.withRatings(c, s.userJSON(startup, viewer))[0]})
	return nil
}

// companyFields are the startup form's fields but its picture (profilePicture, which the
// student form shares).
type companyFields struct {
	CompanyName        string `json:"companyName"`
	Industry           string `json:"industry"`
	CompanyDescription string `json:"companyDescription" text:"multiline"`
	CompanySize        string `json:"companySize"`
	// Website, when left out, keeps the one saved: the spec's client has no such field, and
	// its save must not drop a verified domain.
	Website *string `json:"website"`
}

// profile is the startup profile f describes with picture for the startup u.
func (f companyFields) profile(picture string, u *accounts.User) profiles.StartupProfile {
	website := u.Website
	if f.Website != nil {
		website = *f.Website
	}
	return profiles.StartupProfile{CompanyName: f.CompanyName, Industry: f.Industry, CompanyDescription: f.CompanyDescription,
		CompanySize: f.CompanySize, ProfilePicture: picture, Website: website}
}

type startupProfileRequest struct {
	companyFields
	ProfilePicture string `json:"profilePicture"`
}

func (s *Server) saveStartupProfile(c *gin.Context) error {
	var req startupProfileRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	return s.saveCompany(c, req.profile(req.ProfilePicture, currentUser(c)))
}

// saveCompany saves p as the calling startup's profile and answers it.
func (s *Server) saveCompany(c *gin.Context, p profiles.StartupProfile) error {
	u, err := s.profiles.SaveStartupProfile(c.Request.Context(), currentUser(c), p)
	if err != nil {
		return err
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	c.JSON(http.StatusOK, s.userJSON(u, u))
	return nil
}

// startupDashboardJSON is the startup dashboard: the spec's {startup, tasks} (its recent tasks),
// the newest submissions and the stat cards.
type startupDashboardJSON struct {
	Startup     userJSON            `json:"startup"`
	Stats       startupStatsJSON    `json:"stats"`
	Submissions []submissionRowJSON `json:"submissions"`
	Tasks       []taskJSON          `json:"tasks"`
}

func (s *Server) startupDashboard(c *gin.Context) error {
	viewer := currentUser(c)
	d, err := s.tasks.StartupDashboard(c.Request.Context(), viewer.ID)
	if err != nil {
		return err
	}
	recent := make([]taskJSON, 0, len(d.RecentTasks))
	for _, t := range d.RecentTasks {
		recent = append(recent, toTaskJSON(t, viewer))
	}
	subs := make([]submissionRowJSON, 0, len(d.Submissions))
	for _, sub := range d.Submissions {
		subs = append(subs, toSubmissionRowJSON(sub, viewer))
	}
	c.JSON(http.StatusOK, startupDashboardJSON{
		Startup:     s.userJSON(viewer, viewer),
		Tasks:       recent,
		Submissions: subs,
		Stats:       startupStatsJSON(d.Stats),
	})
	return nil
}

// listStudents is GET /api/startup/students[?skills=…] for startups, paged.
func (s *Server) listStudents(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	users, total, err := s.profiles.Students(c.Request.Context(), viewer, skillsQuery(c), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	writeList(c, p, s.withPeopleRecords(c, s.usersJSON(users, viewer)...), counted(int(total)))
	return nil
}

// pastSubmissionJSON is a row of a profile's Past Submissions: task title, startup, date,
// status and link.
type pastSubmissionJSON struct {
	ID          string      `json:"_id"`
	Link        string      `json:"link"`
	Status      string      `json:"status"`
	SubmittedAt time.Time   `json:"submittedAt"`
	Task        taskRefJSON `json:"task"`
	Startup     *personJSON `json:"startup"`
}

// studentForStartupJSON is a student's profile as a startup reads it, with past submissions.
type studentForStartupJSON struct {
	Student     userJSON             `json:"student"`
	Submissions []pastSubmissionJSON `json:"submissions"`
}

// studentForStartup is the student profile view of a startup: the student and past submissions.
func (s *Server) studentForStartup(c *gin.Context) error {
	viewer := currentUser(c)
	student, past, err := s.profiles.StudentWithWork(c.Request.Context(), viewer, c.Param("id"))
	if err != nil {
		return err
	}
	subs := make([]pastSubmissionJSON, 0, len(past))
	for _, p := range past {
		subs = append(subs, pastSubmissionJSON{
			ID: p.ID, Link: p.Link, Status: p.Status, SubmittedAt: p.SubmittedAt,
			Task:    taskRefJSON{ID: p.TaskID, Title: p.TaskTitle, Status: p.TaskStatus, DisplayStatus: tasks.DisplayStatus(p.TaskStatus)},
			Startup: toPersonJSON(p.Startup, viewer),
		})
	}
	c.JSON(http.StatusOK, studentForStartupJSON{Student: s.withPeopleRecords(c, s.userJSON(student, viewer))[0], Submissions: subs})
	return nil
}

// verificationSentJSON says where the verification link went.
type verificationSentJSON struct {
	Email   string `json:"email"`
	Message string `json:"message"`
}

type verificationRequest struct {
	Email string `json:"email"`
}

// requestVerification starts a startup's company verification (package issuers): a link mailed to
// a work address at its website's domain, which confirmVerification takes back. It answers 202:
// the mail leaves through the outbox after the request.
func (s *Server) requestVerification(c *gin.Context) error {
	var req verificationRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	to, err := s.issuers.RequestVerification(c.Request.Context(), currentUser(c), req.Email)
	if err != nil {
		return err
	}
	c.JSON(http.StatusAccepted, verificationSentJSON{
		Message: "We sent a verification link to " + to + ". Open it while signed in to this account.",
		Email:   to,
	})
	return nil
}

type confirmVerificationRequest struct {
	Token string `json:"token"`
}

func (s *Server) confirmVerification(c *gin.Context) error {
	var req confirmVerificationRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	u, err := s.issuers.Confirm(c.Request.Context(), currentUser(c), req.Token)
	if err != nil {
		return err
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	c.JSON(http.StatusOK, s.userJSON(u, u))
	return nil
}
