package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratings"
)

// userIDs names a user both ways the spec's data section allows ("_id or id"), so a client
// written against it may read either. Every user object the API answers with embeds it.
type userIDs struct {
	ID      string `json:"_id"`
	IDAlias string `json:"id"`
}

func idsOf(id string) userIDs { return userIDs{ID: id, IDAlias: id} }

// userJSON is a user as the client sees it: what profiles.VisibleTo lets the viewer see (the
// emptied private fields are left out), a résumé as a signed link; secrets (hash, token
// version) never.
type userJSON struct {
	userIDs
	UserType           string     `json:"userType"`
	IsVerified         bool       `json:"isVerified"`
	FirstName          string     `json:"firstName"`
	LastName           string     `json:"lastName"`
	Username           string     `json:"username"`
	Email              string     `json:"email,omitempty"`
	CompanyName        string     `json:"companyName"`
	CompanyDescription string     `json:"companyDescription"`
	CompanySize        string     `json:"companySize"`
	Industry           string     `json:"industry"`
	Tier               string     `json:"tier"`
	Website            string     `json:"website"`
	VerifiedDomain     string     `json:"verifiedDomain"` // "" unless a verified startup
	VerifiedAt         *time.Time `json:"verifiedAt,omitempty"`
	// PaymentRecord is a startup's record of paying its students; nil for others.
	PaymentRecord  *paymentRecordJSON `json:"paymentRecord,omitempty"`
	Phone          string             `json:"phone,omitempty"`
	College        string             `json:"college"`
	Institute      string             `json:"institute"`
	CollegeEmail   string             `json:"collegeEmail,omitempty"`
	Bio            string             `json:"bio"`
	Headline       string             `json:"headline"`
	Summary        string             `json:"summary"`
	ProfilePicture string             `json:"profilePicture"`
	Resume         string             `json:"resume,omitempty"`
	Skills         []skillJSON        `json:"skills"`
	Experience     []experienceJSON   `json:"experience"`
	Projects       []projectJSON      `json:"projects"`
	CreatedAt      time.Time          `json:"createdAt"`
	// Rating is set where profiles and cards show it (withRatings).
	Rating *ratingSummaryJSON `json:"rating,omitempty"`
	// TrackRecord is a student's verified work, set where cards and profiles show it
	// (withTrackRecords).
	TrackRecord *trackRecordJSON `json:"trackRecord,omitempty"`
	// A student's own choices about being found, shown to that student alone.
	Discoverable       *bool `json:"discoverable,omitempty"`
	AcceptsInvitations *bool `json:"acceptsInvitations,omitempty"`
}

// trackRecordJSON is what a student did on Bridgework: approved tasks, the certificates they
// earned (each verifiable at /verify/{number}) and the skills approvals verified.
type trackRecordJSON struct {
	ApprovedTasks  int                  `json:"approvedTasks"`
	Certificates   []certificateRefJSON `json:"certificates"`
	VerifiedSkills []string             `json:"verifiedSkills"`
}

type certificateRefJSON struct {
	Number   string    `json:"number"`
	Title    string    `json:"title"`
	IssuedAt time.Time `json:"issuedAt"`
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

// userJSON converts u for viewer; viewer may be nil for a signed-out caller.
func (s *Server) userJSON(u *accounts.User, viewer *accounts.User) userJSON {
	u = s.privacy.ShowUser(viewer, u)
	out := userJSON{
		userIDs: idsOf(u.ID), UserType: string(u.Type), IsVerified: u.IsVerified,
		FirstName: u.FirstName, LastName: u.LastName, Username: u.Username, Email: u.Email,
		CompanyName: u.CompanyName, CompanyDescription: u.CompanyDescription, CompanySize: u.CompanySize,
		Industry: u.Industry, Tier: u.Tier, Website: u.Website, VerifiedDomain: u.VerifiedDomain,
		VerifiedAt: u.VerifiedAt, PaymentRecord: paymentRecordOf(u.Type, u.PaymentRecord), College: u.College, Institute: u.Institute,
		Phone: u.Phone, CollegeEmail: u.CollegeEmail,
		Bio: u.Bio, Headline: u.Headline, Summary: u.Summary,
		ProfilePicture: u.ProfilePicture, Resume: u.Resume, CreatedAt: u.CreatedAt,
		Skills: []skillJSON{}, Experience: []experienceJSON{}, Projects: []projectJSON{},
	}
	if u.Type == accounts.Student && viewer != nil && viewer.ID == u.ID {
		out.Discoverable, out.AcceptsInvitations = &u.Discoverable, &u.AcceptsInvitations
	}
	for _, s := range u.Skills {
		out.Skills = append(out.Skills, skillJSON(s))
	}
	for _, e := range u.Experience {
		out.Experience = append(out.Experience, experienceJSON(e))
	}
	for _, p := range u.Projects {
		techs := p.Technologies
		if techs == nil {
			techs = []string{}
		}
		out.Projects = append(out.Projects, projectJSON{Title: p.Title, Description: p.Description, Technologies: techs, Link: p.Link})
	}
	return out
}

func (s *Server) userByID(c *gin.Context) error {
	u, err := s.accounts.Store.UserByID(c.Request.Context(), c.Param("id"))
	if err != nil {
		return err
	}
	if u.Type == accounts.Admin && currentUser(c).Type != accounts.Admin {
		// The admin account is not a marketplace participant; others cannot look it up.
		return apperr.New(apperr.NotFound, "User not found.")
	}
	c.JSON(http.StatusOK, s.withPeopleRecords(c, s.userJSON(u, currentUser(c)))[0])
	return nil
}

// userRatings pages the ratings about a user that anyone may see yet, newest first.
func (s *Server) userRatings(c *gin.Context) error {
	u, err := s.accounts.Store.UserByID(c.Request.Context(), c.Param("id"))
	if err == nil && u.Type == accounts.Admin {
		err = apperr.New(apperr.NotFound, "User not found.")
	}
	if err != nil {
		return err
	}
	return s.ratingList(c, func(offset, limit int) ([]ratings.Rating, int, error) {
		return s.ratings.About(c.Request.Context(), u.ID, offset, limit)
	})
}

// withRatings adds each user's rating summary, in one query for them all.
func (s *Server) withRatings(c *gin.Context, users ...userJSON) []userJSON {
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	sums, err := s.ratings.Summaries(c.Request.Context(), ids...)
	if err != nil {
		// The profile is worth more than its stars: show it without them.
		slog.WarnContext(c.Request.Context(), "rating summaries", "err", err)
		return users
	}
	for i := range users {
		sum := sums[users[i].ID]
		users[i].Rating = &ratingSummaryJSON{Average: sum.Average, Count: sum.Count}
	}
	return users
}

// withTrackRecords adds each student's track record, in one query for them all; other users
// have none.
func (s *Server) withTrackRecords(c *gin.Context, users ...userJSON) []userJSON {
	ids := make([]string, 0, len(users))
	for _, u := range users {
		if u.UserType == string(accounts.Student) {
			ids = append(ids, u.ID)
		}
	}
	if len(ids) == 0 {
		return users
	}
	records, err := s.profiles.TrackRecords(c.Request.Context(), ids...)
	if err != nil {
		// As with ratings: the profile is worth more than its record.
		slog.WarnContext(c.Request.Context(), "track records", "err", err)
		return users
	}
	for i := range users {
		if users[i].UserType != string(accounts.Student) {
			continue
		}
		rec := records[users[i].ID]
		out := &trackRecordJSON{ApprovedTasks: rec.ApprovedTasks, Certificates: []certificateRefJSON{}, VerifiedSkills: []string{}}
		for _, c := range rec.Certificates {
			out.Certificates = append(out.Certificates, certificateRefJSON(c))
		}
		for _, sk := range users[i].Skills {
			if sk.IsVerified {
				out.VerifiedSkills = append(out.VerifiedSkills, sk.Name)
			}
		}
		users[i].TrackRecord = out
	}
	return users
}

// withPeopleRecords adds what cards and profiles show beside a user's own words: the rating
// summary and, for students, the track record; a fixed number of queries for any list.
func (s *Server) withPeopleRecords(c *gin.Context, users ...userJSON) []userJSON {
	return s.withTrackRecords(c, s.withRatings(c, users...)...)
}

// skillsQuery reads ?skills=a,b as well as ?skills=a&skills=b.
func skillsQuery(c *gin.Context) []string { return c.QueryArray("skills") }

func (s *Server) usersJSON(users []*accounts.User, viewer *accounts.User) []userJSON {
	out := make([]userJSON, 0, len(users))
	for _, u := range users {
		out = append(out, s.userJSON(u, viewer))
	}
	return out
}

// listUsers is GET /api/users?role=student|startup[&skills=…]: a list (spec §7), paged.
func (s *Server) listUsers(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	viewer := currentUser(c)
	users, total, err := s.profiles.ListUsers(c.Request.Context(), viewer, c.Query("role"), skillsQuery(c), p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	writeList(c, p, s.withPeopleRecords(c, s.usersJSON(users, viewer)...), counted(int(total)))
	return nil
}
