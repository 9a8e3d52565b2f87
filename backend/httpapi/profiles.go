package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/profiles"
)

func (s *Server) profileRoutes(api *gin.RouterGroup) {
	api.GET("/student/profile", s.authenticate(), s.studentProfile)
	api.POST("/student/profile", s.authenticate(), s.saveStudentProfile(true))
	api.PUT("/student/profile", s.authenticate(), s.saveStudentProfile(false))
	api.PUT("/startup/profile", s.authenticate(), s.saveStartupProfile)
	api.POST("/me/password", s.authenticate(), s.changePassword)
}

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

func (s *Server) studentProfile(c *gin.Context) {
	u, err := s.profiles.StudentProfile(c.Request.Context(), currentUser(c))
	if err != nil {
		writeError(c, err)
		return
	}
	if u == nil {
		c.JSON(http.StatusOK, nil) // no profile yet
		return
	}
	c.JSON(http.StatusOK, s.userJSON(u, u))
}

// saveStudentProfile is Add Profile (POST, create) or Edit Profile (PUT).
func (s *Server) saveStudentProfile(create bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		var req studentProfileRequest
		if !bindJSON(c, &req) {
			return
		}
		caller := currentUser(c)
		if err := profiles.CheckOwnProfile(caller, req.UserID); err != nil {
			writeError(c, err)
			return
		}
		u, err := s.profiles.SaveStudentProfile(c.Request.Context(), caller, req.toDomain(caller), create)
		if err != nil {
			writeError(c, err)
			return
		}
		s.accounts.Forget(c.Request.Context(), u.ID)
		status := http.StatusOK
		if create {
			status = http.StatusCreated
		}
		c.JSON(status, s.userJSON(u, u))
	}
}

type startupProfileRequest struct {
	CompanyName        string `json:"companyName"`
	Industry           string `json:"industry"`
	CompanyDescription string `json:"companyDescription" text:"multiline"`
	CompanySize        string `json:"companySize"`
	ProfilePicture     string `json:"profilePicture"`
	Website            string `json:"website"`
}

func (s *Server) saveStartupProfile(c *gin.Context) {
	var req startupProfileRequest
	if !bindJSON(c, &req) {
		return
	}
	u, err := s.profiles.SaveStartupProfile(c.Request.Context(), currentUser(c), profiles.StartupProfile(req))
	if err != nil {
		writeError(c, err)
		return
	}
	s.accounts.Forget(c.Request.Context(), u.ID)
	c.JSON(http.StatusOK, s.userJSON(u, u))
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// changePassword answers {token, user}: the new token replaces the caller's, every other
// session's token stops working.
func (s *Server) changePassword(c *gin.Context) {
	var req changePasswordRequest
	if !bindJSON(c, &req) {
		return
	}
	u := currentUser(c)
	token, err := s.profiles.ChangePassword(c.Request.Context(), u, req.CurrentPassword, req.NewPassword, req.ConfirmPassword)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sessionJSON{Token: token, User: s.userJSON(u, u)})
}
