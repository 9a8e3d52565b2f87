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

func (s *Server) register(c *gin.Context) error {
	var req registerRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	sess, err := s.accounts.Register(c.Request.Context(), accounts.RegisterInput(req), clientOf(c))
	if err != nil {
		return err
	}
	s.writeSession(c, http.StatusCreated, sess)
	return nil
}

// clientOf is where a request comes from, for sessions and per-address limits.
func clientOf(c *gin.Context) accounts.Client {
	return accounts.Client{IP: c.ClientIP(), UserAgent: c.Request.UserAgent()}
}

type credentialsRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) login(c *gin.Context) error {
	var req credentialsRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	device, _ := c.Cookie(accounts.DeviceCookieName)
	sess, err := s.accounts.Login(c.Request.Context(), accounts.LoginInput{
		Email: req.Email, Password: req.Password, Client: clientOf(c), DeviceCookie: device,
	})
	if err != nil {
		return err
	}
	// The device cookie goes only to the sign-in endpoint, never to script: HttpOnly, SameSite
	// Strict and Path /api/login.
	http.SetCookie(c.Writer, &http.Cookie{
		Name: accounts.DeviceCookieName, Value: sess.Device, Path: "/api/login",
		MaxAge: int(accounts.DeviceCookieTTL.Seconds()), HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: s.secureCookies,
	})
	s.writeSession(c, http.StatusOK, sess)
	return nil
}

func (s *Server) forgotPassword(c *gin.Context) error {
	var req struct {
		Email string `json:"email"`
		Next  string `json:"next"`
	}
	if err := readJSON(c, &req); err != nil {
		return err
	}
	if err := s.accounts.ForgotPassword(c.Request.Context(), req.Email, req.Next, c.ClientIP()); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "If an account exists for that email, we have sent a link to reset its password."})
	return nil
}

func (s *Server) resetPassword(c *gin.Context) error {
	var req struct {
		Token           string `json:"token"`
		Password        string `json:"password"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := readJSON(c, &req); err != nil {
		return err
	}
	if err := s.accounts.ResetPassword(c.Request.Context(), req.Token, req.Password, req.ConfirmPassword); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "Your password has been reset. You can sign in now."})
	return nil
}

func (s *Server) logout(c *gin.Context) error {
	if err := s.accounts.Logout(c.Request.Context(), currentUser(c)); err != nil {
		return err
	}
	c.JSON(http.StatusOK, messageJSON{Message: "Signed out."})
	return nil
}
