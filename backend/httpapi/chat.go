package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/chat"
)

// chatUserJSON is the spec's conversation partner (§3) with what the chat screens show beside it.
type chatUserJSON struct {
	userIDs
	UserType       string `json:"userType"`
	CompanyName    string `json:"companyName"`
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName"`
	Email          string `json:"email,omitempty"`
	ProfilePicture string `json:"profilePicture"`
	Online         bool   `json:"online"`
}

// chatUserJSON shows partner u as viewer may see them.
func (s *Server) chatUserJSON(viewer, u *accounts.User, online bool) chatUserJSON {
	u = s.privacy.ShowUser(viewer, u)
	return chatUserJSON{userIDs: idsOf(u.ID), UserType: string(u.Type), CompanyName: u.CompanyName, FirstName: u.FirstName,
		LastName: u.LastName, Email: u.Email, ProfilePicture: u.ProfilePicture, Online: online}
}

type conversationJSON struct {
	chatUserJSON
	LastMessage chat.MessageData `json:"lastMessage"`
	UnreadCount int              `json:"unreadCount"`
	Unread      int              `json:"unread"` // the same count, by docs/api-contract.md's name
}

type partnerJSON struct {
	chatUserJSON
	Description string `json:"description"`
}

// shortDescription is the one line under a name in the /chat list: what a startup does, or how a
// student presents themself.
func shortDescription(u *accounts.User) string {
	candidates := []string{u.Headline, u.Bio, u.College}
	if u.Type == accounts.Startup {
		candidates = []string{u.CompanyDescription, u.Industry}
	}
	for _, c := range candidates {
		if c = strings.TrimSpace(c); c != "" {
			if utf8.RuneCountInString(c) > 140 {
				c = string([]rune(c)[:139]) + "…"
			}
			return c
		}
	}
	return ""
}

func (s *Server) chatConversations(c *gin.Context) error {
	viewer := currentUser(c)
	convs, err := s.chat.Conversations(c.Request.Context(), viewer)
	if err != nil {
		return err
	}
	out := make([]conversationJSON, len(convs))
	for i, conv := range convs {
		out[i] = conversationJSON{chatUserJSON: s.chatUserJSON(viewer, conv.Partner, conv.Online),
			LastMessage: s.chat.Data(conv.LastMessage), UnreadCount: conv.UnreadCount, Unread: conv.UnreadCount}
	}
	return writeSlice(c, out)
}

func (s *Server) chatPartners(c *gin.Context) error {
	viewer := currentUser(c)
	partners, err := s.chat.Partners(c.Request.Context(), viewer)
	if err != nil {
		return err
	}
	out := make([]partnerJSON, len(partners))
	for i, p := range partners {
		out[i] = partnerJSON{chatUserJSON: s.chatUserJSON(viewer, p.User, p.Online), Description: shortDescription(p.User)}
	}
	return writeSlice(c, out)
}

// chatThread pages a conversation by cursor: the latest messages, or those before or after a
// message the client holds; Link's next carries on in the same direction.
func (s *Server) chatThread(c *gin.Context) error {
	p, err := readPaging(c)
	if err != nil {
		return err
	}
	cur := chat.Cursor{After: c.Query("after"), Before: c.Query("before"), Query: c.Query("q")}
	msgs, err := s.chat.Thread(c.Request.Context(), currentUser(c), c.Param("userId"), cur, p.PerPage)
	if err != nil {
		return err
	}
	out := make([]chat.MessageData, len(msgs))
	for i, m := range msgs {
		out[i] = s.chat.Data(m)
	}
	var next url.Values
	if len(msgs) == p.PerPage {
		next = url.Values{"per_page": {strconv.Itoa(p.PerPage)}}
		switch {
		case cur.Query != "":
			// A search is newest first: the next page is before its oldest.
			next.Set("q", cur.Query)
			next.Set("before", msgs[len(msgs)-1].ID)
		case cur.After != "":
			next.Set("after", msgs[len(msgs)-1].ID)
		default:
			next.Set("before", msgs[0].ID)
		}
	}
	writeCursorList(c, out, next)
	return nil
}

type sendMessageRequest struct {
	Receiver    string              `json:"receiver"`
	Content     string              `json:"content"`
	ClientID    string              `json:"clientId"`
	Attachments []attachmentRequest `json:"attachments"`
}

// attachmentRequest names a file from POST /api/uploads/chat.
type attachmentRequest struct {
	URL  string `json:"url"`
	Name string `json:"name"`
}

// sendMessage answers 201 with the new message, or 200 with the earlier one when the client id
// shows this is a retry.
func (s *Server) sendMessage(c *gin.Context) error {
	var req sendMessageRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	in := chat.SendInput{Receiver: req.Receiver, Content: req.Content, ClientID: req.ClientID}
	for _, a := range req.Attachments {
		in.Attachments = append(in.Attachments, chat.AttachmentInput(a))
	}
	msg, created, err := s.chat.Send(c.Request.Context(), currentUser(c), in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, s.chat.Data(*msg))
	return nil
}

type readReceiptJSON struct {
	chat.ReadData
	Count int `json:"count"`
}

// markedJSON is how many conversations "Mark all as read" marked.
type markedJSON struct {
	Marked int `json:"marked"`
}

// markAllChatRead marks every conversation of the caller read ("Mark all as read").
func (s *Server) markAllChatRead(c *gin.Context) error {
	marked, err := s.chat.MarkAllRead(c.Request.Context(), currentUser(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, markedJSON{Marked: marked})
	return nil
}

func (s *Server) markChatRead(c *gin.Context) error {
	r, err := s.chat.MarkRead(c.Request.Context(), currentUser(c), c.Param("userId"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, readReceiptJSON{
		ReadData: chat.ReadData{ReaderID: r.ReaderID, SenderID: r.SenderID, UpTo: r.UpTo, ReadAt: r.ReadAt}, Count: r.Count,
	})
	return nil
}
