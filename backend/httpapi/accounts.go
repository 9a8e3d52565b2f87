package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
)

type sessionJSON struct {
	Token string   `json:"token"`
	User  userJSON `json:"user"`
}

func (s *Server) writeSession(c *gin.Context, status int, sess accounts.Session) {
	c.JSON(status, sessionJSON{Token: sess.Token, User: s.userJSON(sess.User, sess.User)})
}

type registerRequest struct {
	Email           string `json:"email"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	UserType        string `json:"userType"`
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	College         string `json:"college"`
	CompanyName     string `json:"companyName"`
}

func (s *Server) register(c *gin.Context) {
	var req registerRequest
	if !bindJSON(c, &req) {
		return
	}
	sess, err := s.accounts.Register(c.Request.Context(), accounts.RegisterInput(req), clientOf(c))
	if err != nil {
		writeError(c, err)
		return
	}
	s.writeSession(c, http.StatusCreated, sess)
}

// clientOf is where a request comes from, for sessions and per-address limits.
func clientOf(c *gin.Context) accounts.Client {
	return accounts.Client{IP: c.ClientIP(), UserAgent: c.Request.UserAgent()}
}

type credentialsRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) login(c *gin.Context) {
	var req credentialsRequest
	if !bindJSON(c, &req) {
		return
	}
	device, _ := c.Cookie(accounts.DeviceCookieName)
	sess, err := s.accounts.Login(c.Request.Context(), accounts.LoginInput{
		Email: req.Email, Password: req.Password, Client: clientOf(c), DeviceCookie: device,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	// The device cookie goes only to the sign-in endpoint, never to script: HttpOnly, SameSite
	// Strict and Path /api/login.
	http.SetCookie(c.Writer, &http.Cookie{
		Name: accounts.DeviceCookieName, Value: sess.Device, Path: "/api/login",
		MaxAge: int(accounts.DeviceCookieTTL.Seconds()), HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: s.secureCookies,
	})
	s.writeSession(c, http.StatusOK, sess)
}

func (s *Server) forgotPassword(c *gin.Context) {
	var req struct {
		Email string `json:"email"`
		Next  string `json:"next"`
	}
	if !bindJSON(c, &req) {
		return
	}
	if err := s.accounts.ForgotPassword(c.Request.Context(), req.Email, req.Next, c.ClientIP()); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "If an account exists for that email, we have sent a link to reset its password."})
}

func (s *Server) resetPassword(c *gin.Context) {
	var req struct {
		Token           string `json:"token"`
		Password        string `json:"password"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if !bindJSON(c, &req) {
		return
	}
	if err := s.accounts.ResetPassword(c.Request.Context(), req.Token, req.Password, req.ConfirmPassword); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Your password has been reset. You can sign in now."})
}

func (s *Server) logout(c *gin.Context) {
	if err := s.accounts.Logout(c.Request.Context(), currentUser(c)); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Signed out."})
}
