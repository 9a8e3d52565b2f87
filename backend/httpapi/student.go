package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/profiles"
	"bridgework/backend/tasks"
)

// studentProfileRequest is the student form. The client also sends userId, email, userType and
// the like (spec §7); they have no place here and are dropped by the decoder.
type studentProfileRequest struct {
	// The spec's client sends its userId, which must be the caller's, and no names: names left
	// out keep the ones given at sign-up, while names sent blank are refused as usual.
	UserID         string              `json:"userId"`
	FirstName      *string             `json:"firstName"`
	LastName       *string             `json:"lastName"`
	Phone          string              `json:"phone"`
	College        string              `json:"college"`
	Institute      string              `json:"institute"`
	CollegeEmail   string              `json:"collegeEmail"`
	Bio            string              `json:"bio" text:"multiline"`
	Headline       string              `json:"headline"`
	Summary        string              `json:"summary" text:"multiline"`
	ProfilePicture string              `json:"profilePicture"`
	Resume         string              `json:"resume"`
	Skills         []skillRequest      `json:"skills"`
	Experience     []experienceRequest `json:"experience"`
	Projects       []projectRequest    `json:"projects"`
	// Left out, each keeps what is stored (the spec's client sends neither).
	Discoverable       *bool `json:"discoverable"`
	AcceptsInvitations *bool `json:"acceptsInvitations"`
}

// skillRequest has no isVerified: only an approved task verifies a skill.
type skillRequest struct {
	Name  string `json:"name"`
	Level string `json:"level"`
}

type experienceRequest struct {
	Title       string `json:"title"`
	Company     string `json:"company"`
	Description string `json:"description" text:"multiline"`
	StartDate   string `json:"startDate"`
	EndDate     string `json:"endDate"`
	IsCurrent   bool   `json:"isCurrent"`
}

type projectRequest struct {
	Title        string     `json:"title"`
	Description  string     `json:"description" text:"multiline"`
	Technologies stringList `json:"technologies"`
	Link         string     `json:"link"`
}

// stringList is a JSON list of strings or one string: the form enters technologies comma
// separated and older clients send that text as is.
type stringList []string

func (l *stringList) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*l = stringList{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return errors.New("technologies must be a list of strings")
	}
	*l = many
	return nil
}

// toDomain is the profile r describes for the student u.
func (r studentProfileRequest) toDomain(u *accounts.User) profiles.StudentProfile {
	first, last := u.FirstName, u.LastName
	if r.FirstName != nil {
		first = *r.FirstName
	}
	if r.LastName != nil {
		last = *r.LastName
	}
	p := profiles.StudentProfile{
		FirstName: first, LastName: last, Phone: r.Phone, College: r.College,
		Institute: r.Institute, CollegeEmail: r.CollegeEmail, Bio: r.Bio, Headline: r.Headline,
		Summary: r.Summary, ProfilePicture: r.ProfilePicture, Resume: r.Resume,
		Discoverable: r.Discoverable, AcceptsInvitations: r.AcceptsInvitations,
	}
	for _, sk := range r.Skills {
		p.Skills = append(p.Skills, accounts.Skill{Name: sk.Name, Level: sk.Level})
	}
	for _, e := range r.Experience {
		p.Experience = append(p.Experience, accounts.Experience(e))
	}
	for _, pr := range r.Projects {
		p.Projects = append(p.Projects, accounts.Project{
			Title: pr.Title, Description: pr.Description, Technologies: pr.Technologies, Link: pr.Link,
		})
	}
	return p
}

func (s *Server) studentProfile(c *gin.Context) error {
	u, err := s.profiles.StudentProfile(c.Request.Context(), currentUser(c))
	if err != nil {
		return err
	}
	if u == nil {
		c.JSON(http.StatusOK, nil) // no profile yet
		return nil
	}
	c.JSON(http.StatusOK, s.withTrackRecords(c, s.userJSON(u, u))[0])
	return nil
}

// addStudentProfile is the student form's Add Profile: it creates the profile, once.
func (s *Server) addStudentProfile(c *gin.Context) error {
	var req studentProfileRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	return s.saveStudent(c, req, profiles.AddProfile)
}

// profileSaveRequest is what the spec's client sends with PUT /student/profile: its one form
// handler saves the student form there, and a startup's company form too.
type profileSaveRequest struct {
	studentProfileRequest
	companyFields
}

// saveProfile saves the caller's own profile: a student's, created if there is none yet (as
// the original server upserted), or a startup's company fields, with the startup form's rules.
func (s *Server) saveProfile(c *gin.Context) error {
	var req profileSaveRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	caller := currentUser(c)
	if caller.Type != accounts.Startup {
		return s.saveStudent(c, req.studentProfileRequest, profiles.SaveProfile)
	}
	if err := profiles.CheckOwnProfile(caller, req.UserID); err != nil {
		return err
	}
	return s.saveCompany(c, req.companyFields.profile(req.ProfilePicture, caller))
}

// saveStudent saves the caller's student profile from req as mode says and answers it.
func (s *Server) saveStudent(c *gin.Context, req studentProfileRequest, mode profiles.SaveMode) error {
	caller := currentUser(c)
	if err := profiles.CheckOwnProfile(caller, req.UserID); err != nil {
		return err
	}
	u, err := s.profiles.SaveStudentProfile(c.Request.Context(), caller, req.toDomain(caller), mode)
	if err != nil {
		return err
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	status := http.StatusOK
	if mode == profiles.AddProfile {
		status = http.StatusCreated
	}
	c.JSON(status, s.withTrackRecords(c, s.userJSON(u, u))[0])
	return nil
}

// linkSubmittedJSON answers a submitted link with the submission it made or changed.
type linkSubmittedJSON struct {
	Message    string         `json:"message"`
	Submission submissionJSON `json:"submission"`
}

type submitLinkRequest struct {
	Link string `json:"link"`
}

func (s *Server) submitLink(c *gin.Context) error {
	var req submitLinkRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	sub, err := s.tasks.SubmitLink(c.Request.Context(), currentUser(c), c.Param("id"), req.Link)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, linkSubmittedJSON{Message: "Link submitted successfully!", Submission: toSubmissionJSON(*sub, currentUser(c))})
	return nil
}

// studentTasks pages the caller's view of the whole marketplace (tasks.Service.Market); for a
// student scope=available is the open market minus the tasks they already submitted to and
// scope=mine their own tasks, each with only their own submission; sort=best-match is a
// student's open market in their recommended order (bestMatchTasks).
func (s *Server) studentTasks(c *gin.Context) error {
	if c.Query("sort") == bestMatch {
		return s.bestMatchTasks(c)
	}
	q, err := taskQuery(c)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	page, err := s.tasks.Market(c.Request.Context(), viewer, c.Query("scope"), q)
	if err != nil {
		return err
	}
	writeTaskPage(c, page, func(t tasks.Task) taskJSON { return toTaskJSON(t, viewer) })
	return nil
}

// studentDashboardJSON is the student dashboard. Student and User hold the same user: the
// spec's client reads the student as student (section 7) and, on its profile page and from every
// role, the signed-in user as user.
type studentDashboardJSON struct {
	ActiveTasks       []taskJSON         `json:"activeTasks"`
	AvailableTasks    availableTasksJSON `json:"availableTasks"`
	RecentlyCompleted []taskJSON         `json:"recentlyCompleted"`
	Startups          []personJSON       `json:"startups"`
	Stats             studentStatsJSON   `json:"stats"`
	Student           userJSON           `json:"student"`
	Tasks             []taskJSON         `json:"tasks"`
	User              userJSON           `json:"user"`
}

// availableTasksJSON is the first open tasks a student may take and how many there are; when
// TotalCapped the count stopped a few pages ahead (tasks.Page).
type availableTasksJSON struct {
	Items       []taskJSON `json:"items"`
	Total       int        `json:"total"`
	TotalCapped bool       `json:"totalCapped"`
}

// studentDashboard answers everything the student dashboard shows: the cards' counts, active
// tasks, the first 3 available tasks (and how many there are), the 3 most recently completed
// with their certificate, and 8 startups to connect with; and, for the spec's client, the
// signed-in user as user and the student's own tasks as tasks (empty for the other roles).
func (s *Server) studentDashboard(c *gin.Context) error {
	viewer := currentUser(c)
	d, mine, err := s.tasks.MyDashboard(c.Request.Context(), viewer)
	if err != nil {
		return err
	}
	convert := func(list []tasks.Task) []taskJSON {
		out := make([]taskJSON, 0, len(list))
		for _, t := range list {
			j := toTaskJSON(t, viewer)
			j.CertificateID = d.CertificateOf[t.ID]
			out = append(out, j)
		}
		return out
	}
	startups := make([]personJSON, 0, len(d.Startups))
	for _, p := range d.Startups {
		startups = append(startups, *toPersonJSON(&p, viewer))
	}
	me := s.userJSON(viewer, viewer)
	c.JSON(http.StatusOK, studentDashboardJSON{
		Student:           me,
		User:              me,
		Tasks:             convert(mine),
		Stats:             studentStatsJSON{ActiveTasks: d.Counts.Active, Completed: d.Counts.Completed, Certificates: d.Counts.Certificates},
		ActiveTasks:       convert(d.Active),
		AvailableTasks:    availableTasksJSON{Items: convert(d.Available.Items), Total: d.Available.Total, TotalCapped: d.Available.TotalCapped},
		RecentlyCompleted: convert(d.RecentlyCompleted),
		Startups:          startups,
	})
	return nil
}

func (s *Server) myCertificates(c *gin.Context) error {
	list, err := s.certs.ForStudent(c.Request.Context(), currentUser(c).ID)
	if err != nil {
		return err
	}
	return writeSlice(c, s.certificateList(list))
}

func (s *Server) downloadCertificate(c *gin.Context) error {
	cert, pdf, err := s.certs.Download(c.Request.Context(), currentUser(c).ID, c.Param("id"))
	if err != nil {
		return err
	}
	// The number is [A-Z0-9-] only, so it is safe inside the quoted filename.
	sendPDF(c, "certificate_"+cert.Number+".pdf", pdf)
	return nil
}

// sendPDF answers a PDF as a download named filename, which must need no quoting, kept out of
// shared caches: certificates and receipts name people and amounts.
func sendPDF(c *gin.Context, filename string, pdf []byte) {
	c.Header("Content-Disposition", `attachment; filename="`+filename+`"`)
	c.Header("Cache-Control", "private, no-store")
	c.Header("Content-Length", strconv.Itoa(len(pdf)))
	c.Data(http.StatusOK, "application/pdf", pdf)
}

type badgeJSON struct {
	Name       string `json:"name"`
	Level      string `json:"level"`
	IsVerified bool   `json:"isVerified"`
}

// badgesAndCertificatesJSON is a student's verified skills and certificates.
type badgesAndCertificatesJSON struct {
	Badges       []badgeJSON       `json:"badges"`
	Certificates []certificateJSON `json:"certificates"`
}

func (s *Server) badgesAndCertificates(c *gin.Context) error {
	out, err := s.certs.ForBadges(c.Request.Context(), currentUser(c).ID)
	if err != nil {
		return err
	}
	badges := make([]badgeJSON, 0, len(out.Badges))
	for _, b := range out.Badges {
		badges = append(badges, badgeJSON(b))
	}
	c.JSON(http.StatusOK, badgesAndCertificatesJSON{Badges: badges, Certificates: s.certificateList(out.Certificates)})
	return nil
}

// payoutsJSON is a student's payouts through Stripe: none (no account), pending (onboarding not
// finished, or Stripe wants more) or enabled.
type payoutsJSON struct {
	Status string `json:"status"`
}

// urlJSON is a link: a student's Stripe onboarding, a startup's Checkout, an uploaded file.
type urlJSON struct {
	URL string `json:"url"`
}

func (s *Server) studentPayouts(c *gin.Context) error {
	status, err := s.payments.Payouts(c.Request.Context(), currentUser(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, payoutsJSON{Status: status})
	return nil
}

func (s *Server) payoutsOnboarding(c *gin.Context) error {
	url, err := s.payments.Onboard(c.Request.Context(), currentUser(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, urlJSON{URL: url})
	return nil
}
