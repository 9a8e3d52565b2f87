package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/matching"
)

// invitationJSON is an invitation as both sides, and its live frames, see it. status is the one
// a reader sees (expired derived from the task); expiresAt is the task's deadline.
type invitationJSON struct {
	ID         string                `json:"_id"`
	Task       invitationTaskJSON    `json:"task"`
	Startup    invitationStartupJSON `json:"startup"`
	Student    invitationStudentJSON `json:"student"`
	Message    string                `json:"message"`
	Status     string                `json:"status"`
	Reason     string                `json:"reason"`
	CreatedAt  time.Time             `json:"createdAt"`
	AnsweredAt *time.Time            `json:"answeredAt"`
	ExpiresAt  time.Time             `json:"expiresAt"`
}

type invitationTaskJSON struct {
	ID       string     `json:"_id"`
	Title    string     `json:"title"`
	Deadline time.Time  `json:"deadline"`
	Currency string     `json:"currency"`
	Budget   budgetJSON `json:"budget"`
	Seats    int        `json:"seats"`
}

type invitationStartupJSON struct {
	userIDs
	CompanyName    string `json:"companyName"`
	ProfilePicture string `json:"profilePicture"`
}

type invitationStudentJSON struct {
	userIDs
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName"`
	ProfilePicture string `json:"profilePicture"`
}

// InvitationEvent is the data of an invitation's live frames (matching.Invitations.Event): the
// JSON the API answers.
func InvitationEvent(inv *matching.Invitation, now time.Time) any { return toInvitationJSON(inv, now) }

func toInvitationJSON(inv *matching.Invitation, now time.Time) invitationJSON {
	out := invitationJSON{ID: inv.ID, Message: inv.Message, Status: inv.StatusAt(now), Reason: inv.Reason,
		CreatedAt: inv.CreatedAt, AnsweredAt: inv.AnsweredAt,
		Task:    invitationTaskJSON{ID: inv.TaskID},
		Startup: invitationStartupJSON{userIDs: idsOf(inv.StartupID)}, Student: invitationStudentJSON{userIDs: idsOf(inv.StudentID)}}
	if t := inv.Task; t != nil {
		out.Task = invitationTaskJSON{ID: t.ID, Title: t.Title, Deadline: t.Deadline, Currency: t.Currency,
			Budget: budgetJSON{Min: t.BudgetMin, Max: t.BudgetMax}, Seats: t.Seats}
		out.ExpiresAt = t.Deadline
	}
	if p := inv.Startup; p != nil {
		out.Startup.CompanyName, out.Startup.ProfilePicture = p.CompanyName, p.Picture
	}
	if p := inv.Student; p != nil {
		out.Student.FirstName, out.Student.LastName, out.Student.ProfilePicture = p.FirstName, p.LastName, p.Picture
	}
	return out
}

type inviteRequest struct {
	StudentID string `json:"studentId"`
	Message   string `json:"message"`
}

func (s *Server) inviteStudent(c *gin.Context) error {
	var req inviteRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	inv, err := s.invitations.Invite(c.Request.Context(), currentUser(c), c.Param("id"),
		matching.InviteInput{StudentID: req.StudentID, Message: req.Message})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, toInvitationJSON(inv, s.invitations.Clock()))
	return nil
}

func (s *Server) taskInvitations(c *gin.Context) error {
	return s.invitationList(c, func(offset, limit int) ([]matching.Invitation, int, error) {
		return s.invitations.TaskInvitations(c.Request.Context(), currentUser(c).ID, c.Param("id"), offset, limit)
	})
}

func (s *Server) studentInvitations(c *gin.Context) error {
	return s.invitationList(c, func(offset, limit int) ([]matching.Invitation, int, error) {
		return s.invitations.StudentInvitations(c.Request.Context(), currentUser(c).ID, offset, limit)
	})
}

func (s *Server) acceptInvitation(c *gin.Context) error {
	// The accept carries nothing, but a body that is not a JSON object is refused as anywhere.
	var none struct{}
	if err := readJSON(c, &none); err != nil {
		return err
	}
	inv, err := s.invitations.Accept(c.Request.Context(), currentUser(c), c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toInvitationJSON(inv, s.invitations.Clock()))
	return nil
}

type declineRequest struct {
	Reason string `json:"reason"`
}

func (s *Server) declineInvitation(c *gin.Context) error {
	var req declineRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	inv, err := s.invitations.Decline(c.Request.Context(), currentUser(c), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toInvitationJSON(inv, s.invitations.Clock()))
	return nil
}

// invitationList writes a page of invitations read by list.
func (s *Server) invitationList(c *gin.Context, list func(offset, limit int) ([]matching.Invitation, int, error)) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	items, total, err := list(p.Offset(), p.PerPage)
	if err != nil {
		return err
	}
	now := s.invitations.Clock()
	out := make([]invitationJSON, len(items))
	for i := range items {
		out[i] = toInvitationJSON(&items[i], now)
	}
	writeList(c, p, out, counted(total))
	return nil
}
