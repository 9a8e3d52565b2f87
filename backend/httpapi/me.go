package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"bridgework/backend/audit"
	"bridgework/backend/digest"
	"bridgework/backend/ratings"
)

func (s *Server) me(c *gin.Context) error {
	u := currentUser(c)
	c.JSON(http.StatusOK, s.userJSON(u, u))
	return nil
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// changePassword answers {token, user}: the new token replaces the caller's, every other
// session's token stops working.
func (s *Server) changePassword(c *gin.Context) error {
	var req changePasswordRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	u := currentUser(c)
	token, err := s.profiles.ChangePassword(c.Request.Context(), u, req.CurrentPassword, req.NewPassword, req.ConfirmPassword)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, sessionJSON{Token: token, User: s.userJSON(u, u)})
	return nil
}

// auditEntryJSON is a line of the audit trail. A user's own security events carry the same
// fields; their hashes tell an auditor the entry sits in the chain.
type auditEntryJSON struct {
	Seq       int64     `json:"seq"`
	At        time.Time `json:"at"`
	Type      string    `json:"type"`
	ActorID   string    `json:"actorId"`
	SubjectID string    `json:"subjectId"`
	Target    string    `json:"target"`
	IP        string    `json:"ip"`
	Detail    string    `json:"detail"`
	Hash      string    `json:"hash"`
	PrevHash  string    `json:"prevHash"`
}

func toAuditEntryJSON(e audit.Entry) auditEntryJSON {
	return auditEntryJSON{Seq: e.Seq, At: e.At, Type: e.Type, ActorID: e.ActorID, SubjectID: e.SubjectID,
		Target: e.Target, IP: e.IP, Detail: e.Detail, Hash: e.Hash, PrevHash: e.PrevHash}
}

// mySecurityEvents is "recent sign-ins": the caller's newest sign-ins, failures against their
// account, password and session changes.
func (s *Server) mySecurityEvents(c *gin.Context) error {
	events, err := s.audit.SecurityEvents(c.Request.Context(), currentUser(c).ID)
	if err != nil {
		return err
	}
	out := make([]auditEntryJSON, len(events))
	for i, e := range events {
		out[i] = toAuditEntryJSON(e)
	}
	return writeSlice(c, out)
}

// myRatings pages the ratings the caller gave, hidden ones too, so the client can show and edit
// them.
func (s *Server) myRatings(c *gin.Context) error {
	u := currentUser(c)
	return s.ratingList(c, func(offset, limit int) ([]ratings.Rating, int, error) {
		return s.ratings.Given(c.Request.Context(), u.ID, offset, limit)
	})
}

// notificationSettings answers the caller's email preferences: {messages, submissions,
// payments, invitations, taskAlerts}, each immediate, hourly, daily or off.
func (s *Server) notificationSettings(c *gin.Context) error {
	settings, err := s.digests.Settings(c.Request.Context(), currentUser(c).ID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, settings)
	return nil
}

// saveNotificationSettings replaces them; every type must be given but invitations, which
// keeps its saved mode when left out.
func (s *Server) saveNotificationSettings(c *gin.Context) error {
	var req digest.Settings
	if err := readJSON(c, &req); err != nil {
		return err
	}
	settings, err := s.digests.SaveSettings(c.Request.Context(), currentUser(c).ID, req)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, settings)
	return nil
}
