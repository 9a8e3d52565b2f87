package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bridgework/backend/config"
	"bridgework/backend/store"
	"bridgework/backend/textcheck"
	"bridgework/backend/uploads"
)

// attachment is a chat message's file as the API returns it.
type attachment struct {
	URL  string `json:"url"`
	Name string `json:"name"`
	Type string `json:"type"`
	Size int64  `json:"size"`
}

// fileMessage is a chat message with its files.
type fileMessage struct {
	message
	Attachments []attachment `json:"attachments"`
}

const chatWrongType = "Please upload a PNG, JPEG, GIF or WebP image or a PDF"

// uploadChat sends data to POST /api/uploads/chat as u and returns the stored file's url,
// failing the test on anything but 201.
func (e *env) uploadChat(u user, name string, data []byte) attachment {
	e.t.Helper()
	res := e.upload("/api/uploads/chat", u.Token, "file", name, data)
	if res.Status != http.StatusCreated {
		e.t.Fatalf("upload %s: %d %s", name, res.Status, res.Raw)
	}
	var a attachment
	_ = json.Unmarshal(res.Raw, &a)
	return a
}

// sendFiles sends content with files from one party to the other, failing on anything but 201.
func (e *env) sendFiles(from, to user, content string, files ...attachment) fileMessage {
	e.t.Helper()
	res := e.do("POST", "/api/chat/send", from.Token, sendBody(to, content, files...))
	if res.Status != http.StatusCreated {
		e.t.Fatalf("send %q: %d %s", content, res.Status, res.Raw)
	}
	var m fileMessage
	_ = json.Unmarshal(res.Raw, &m)
	return m
}

func sendBody(to user, content string, files ...attachment) map[string]any {
	list := make([]map[string]any, len(files))
	for i, f := range files {
		list[i] = map[string]any{"url": f.URL, "name": f.Name}
	}
	return map[string]any{"receiver": to.ID, "content": content, "attachments": list}
}

// bare is a signed link without its signature: the file's stored URL.
func bare(link string) string { return uploads.Unsigned(link) }

// wantSigned fails unless link is a signed link to a stored file.
func wantSigned(t *testing.T, what, link string) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || !strings.HasPrefix(u.Path, uploads.URLPrefix) || u.Query().Get("signature") == "" || u.Query().Get("expires") == "" {
		t.Errorf("%s: %q is not a signed file link", what, link)
	}
}

func TestChatFiles_upload(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		cases := []struct {
			name     string
			token    string
			file     string
			data     []byte
			status   int
			wantType string
			message  string
		}{
			{"PNG from a student", ada.Token, "diagram.png", pngBytes(t), 201, uploads.PNG, ""},
			{"JPEG from a startup", acme.Token, "photo.jpg", jpegBytes(t), 201, uploads.JPEG, ""},
			{"GIF", ada.Token, "a.gif", gifBytes(t), 201, uploads.GIF, ""},
			{"WebP", ada.Token, "a.webp", webpBytes(), 201, uploads.WebP, ""},
			{"PDF", acme.Token, "brief.pdf", pdfBytes(), 201, uploads.PDF, ""},
			{"an executable", ada.Token, "setup.exe", append([]byte("MZ\x90\x00\x03"), make([]byte, 200)...), 415, "", chatWrongType},
			{"text called a PNG", ada.Token, "notes.png", []byte("just some text, not an image"), 415, "", chatWrongType},
			{"HTML called a PDF", ada.Token, "x.pdf", []byte("<html><script>alert(1)</script></html>"), 415, "", chatWrongType},
			{"a Word document", ada.Token, "cv.docx", docxBytes(t), 415, "", chatWrongType},
			{"too large", acme.Token, "big.pdf", padPDF(uploads.MaxSize + 1), 413, "", "File size must be less than 5MB"},
			{"a path as the name", ada.Token, "../x.png", pngBytes(t), 400, "", ""},
			{"the admin", e.admin().Token, "a.png", pngBytes(t), 403, "", ""},
			{"signed out", "", "a.png", pngBytes(t), 401, "", ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.upload("/api/uploads/chat", tc.token, "file", tc.file, tc.data)
				if res.Status != tc.status {
					t.Fatalf("status %d %s, want %d", res.Status, res.Raw, tc.status)
				}
				if tc.message != "" && (res.field("message") != tc.message || res.fieldError("file") != tc.message) {
					t.Errorf("body %s, want %q on file", res.Raw, tc.message)
				}
				if tc.status != http.StatusCreated {
					return
				}
				wantSigned(t, "url", res.field("url"))
				size, _ := res.Body["size"].(float64)
				if res.field("type") != tc.wantType || int(size) != len(tc.data) || res.field("name") == "" {
					t.Errorf("answer %s", res.Raw)
				}
			})
		}
		if res := e.upload("/api/uploads/chat", ada.Token, "avatar", "a.png", pngBytes(t)); res.Status != http.StatusBadRequest ||
			res.fieldError("file") != "Please choose a file to upload" {
			t.Errorf("wrong form field: %d %s", res.Status, res.Raw)
		}
	})
}

// TestChatFiles_quota: chat files count in the same per-user quota as avatars and résumés.
func TestChatFiles_quota(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.UploadQuotaMB = 1 }, func(t *testing.T, e *env) {
		ada, bob := e.registerStudent("Ada"), e.registerStudent("Bob")
		image := noisePNG(t, 330, 330) // about 435 kB
		if res := e.uploadAvatar(ada, image); res.Status != http.StatusCreated {
			t.Fatalf("avatar: %d %s", res.Status, res.Raw)
		}
		e.uploadChat(ada, "one.png", image)
		over := e.upload("/api/uploads/chat", ada.Token, "file", "two.png", image)
		if over.Status != http.StatusRequestEntityTooLarge || !strings.Contains(over.field("message"), "1 MB of upload space") {
			t.Fatalf("past the quota: %d %s, want 413 naming the quota", over.Status, over.Raw)
		}
		e.uploadChat(bob, "two.png", image)
	})
}

func TestChatFiles_sendAndDownload(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		png, pdf := pngBytes(t), pdfBytes()
		image, doc := e.uploadChat(acme, "mock-up.png", png), e.uploadChat(acme, "brief.pdf", pdf)

		sent := e.sendFiles(acme, ada, "", image, doc)
		if sent.Content != "" || len(sent.Attachments) != 2 {
			t.Fatalf("sent %+v", sent)
		}
		want := []attachment{
			{Name: "mock-up.png", Type: uploads.PNG, Size: int64(len(png))},
			{Name: "brief.pdf", Type: uploads.PDF, Size: int64(len(pdf))},
		}
		for i, a := range sent.Attachments {
			wantSigned(t, "sent attachment", a.URL)
			if a.Name != want[i].Name || a.Type != want[i].Type || a.Size != want[i].Size {
				t.Errorf("attachment %d = %+v, want %+v", i, a, want[i])
			}
		}
		plain := e.send(ada, acme, "Thanks!")

		thread := list[fileMessage](t, e.do("GET", "/api/chat/"+acme.ID, ada.Token, nil))
		if len(thread) != 2 || thread[0].ID != sent.ID || len(thread[0].Attachments) != 2 {
			t.Fatalf("receiver's thread = %+v", thread)
		}
		if thread[1].ID != plain.ID || thread[1].Attachments == nil || len(thread[1].Attachments) != 0 {
			t.Errorf("a message without files: %+v, want attachments []", thread[1])
		}
		raw := e.do("GET", "/api/chat/"+acme.ID, ada.Token, nil).Raw
		if !bytes.Contains(raw, []byte(`"attachments":[]`)) {
			t.Errorf("a message without files is not sent with attachments []: %s", raw)
		}

		for i, tc := range []struct {
			data        []byte
			disposition string
		}{{png, "inline"}, {pdf, "attachment"}} {
			link := thread[0].Attachments[i].URL
			wantSigned(t, "receiver's link", link)
			res := e.do("GET", link, "", nil)
			if res.Status != http.StatusOK || !bytes.Equal(res.Raw, tc.data) {
				t.Fatalf("receiver downloads %s: %d, %d bytes", link, res.Status, len(res.Raw))
			}
			if d := res.Header.Get("Content-Disposition"); !strings.HasPrefix(d, tc.disposition+";") {
				t.Errorf("Content-Disposition %q, want %s", d, tc.disposition)
			}
			if res.Header.Get("Content-Type") != want[i].Type || res.Header.Get("Cache-Control") != "private, no-store" {
				t.Errorf("headers %v", res.Header)
			}
		}
		// The sender reads their own copy through their own link.
		mine := list[fileMessage](t, e.do("GET", "/api/chat/"+ada.ID, acme.Token, nil))
		if res := e.do("GET", mine[0].Attachments[1].URL, "", nil); res.Status != http.StatusOK || !bytes.Equal(res.Raw, pdf) {
			t.Errorf("sender downloads: %d", res.Status)
		}

		t.Run("search and conversations carry them", func(t *testing.T) {
			withText := e.sendFiles(ada, acme, "Here is my invoice", e.uploadChat(ada, "invoice.pdf", pdf))
			found := list[fileMessage](t, e.do("GET", "/api/chat/"+acme.ID+"?q=invoice", ada.Token, nil))
			if len(found) != 1 || found[0].ID != withText.ID || len(found[0].Attachments) != 1 || found[0].Attachments[0].Name != "invoice.pdf" {
				t.Errorf("search = %+v", found)
			}
			var convs []struct {
				LastMessage fileMessage `json:"lastMessage"`
			}
			_ = json.Unmarshal(e.do("GET", "/api/chat/conversations", acme.Token, nil).Raw, &convs)
			if len(convs) != 1 || convs[0].LastMessage.ID != withText.ID || len(convs[0].LastMessage.Attachments) != 1 {
				t.Errorf("conversations = %+v", convs)
			}
			wantSigned(t, "conversation's last message", convs[0].LastMessage.Attachments[0].URL)
		})

		t.Run("a retried send returns the first message", func(t *testing.T) {
			file := e.uploadChat(acme, "again.png", png)
			body := sendBody(ada, "retry", file)
			body["clientId"] = "retry-1"
			first := e.do("POST", "/api/chat/send", acme.Token, body)
			again := e.do("POST", "/api/chat/send", acme.Token, body)
			if first.Status != http.StatusCreated || again.Status != http.StatusOK || first.field("_id") != again.field("_id") {
				t.Fatalf("first %d %s, again %d %s", first.Status, first.Raw, again.Status, again.Raw)
			}
			other := sendBody(ada, "retry", e.uploadChat(acme, "other.png", png))
			other["clientId"] = "retry-1"
			if res := e.do("POST", "/api/chat/send", acme.Token, other); res.Status != http.StatusConflict {
				t.Errorf("the client id with other files: %d %s, want 409", res.Status, res.Raw)
			}
		})
	})
}

func TestChatFiles_sendRefusals(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, bob, acme := e.registerStudent("Ada"), e.registerStudent("Bob"), e.registerStartup("Acme")
		bobsFile := e.uploadChat(bob, "bob.png", pngBytes(t))
		sentFile := e.uploadChat(ada, "sent.png", pngBytes(t))
		e.sendFiles(ada, acme, "first", sentFile)
		avatar := e.uploadAvatar(ada, pngBytes(t))
		if avatar.Status != http.StatusCreated {
			t.Fatalf("avatar: %d %s", avatar.Status, avatar.Raw)
		}
		own := e.uploadChat(ada, "mine.png", pngBytes(t))
		six := make([]attachment, 6)
		for i := range six {
			six[i] = e.uploadChat(ada, "many.png", pngBytes(t))
		}
		unknown := "This file was already sent. Attach it again to send it again."
		notYours := "A file could not be attached: attach only files you uploaded to this chat."
		cases := []struct {
			name  string
			body  map[string]any
			field string
			want  string
		}{
			{"someone else's upload", sendBody(acme, "look", bobsFile), "attachments", notYours},
			{"an avatar", sendBody(acme, "look", attachment{URL: avatar.field("url")}), "attachments", notYours},
			{"an unknown file", sendBody(acme, "look", attachment{URL: "/api/files/" + store.NewID()}), "attachments", notYours},
			{"not a file of ours", sendBody(acme, "look", attachment{URL: "https://evil.example/x.png"}), "attachments", notYours},
			{"a file already sent", sendBody(acme, "again", sentFile), "attachments", unknown},
			{"the same file twice", sendBody(acme, "twice", own, own), "attachments", "The same file is attached twice"},
			{"six files", sendBody(acme, "many", six...), "attachments", "At most 5 files per message"},
			{"a long name", sendBody(acme, "x", attachment{URL: own.URL, Name: strings.Repeat("n", 201)}), "attachments", "A file name must be at most 200 characters"},
			{"no text and no files", sendBody(acme, "  "), "content", "Message cannot be empty"},
			{"a direction override in a name", sendBody(acme, "x", attachment{URL: own.URL, Name: "gpj\u202eexe.png"}), "attachments.0.name", textcheck.Message},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do("POST", "/api/chat/send", ada.Token, tc.body)
				if res.Status != http.StatusBadRequest || res.fieldError(tc.field) != tc.want {
					t.Fatalf("%d %s, want 400 with %s: %q", res.Status, res.Raw, tc.field, tc.want)
				}
			})
		}
		if thread := list[fileMessage](t, e.do("GET", "/api/chat/"+acme.ID, ada.Token, nil)); len(thread) != 1 {
			t.Errorf("refused sends stored messages: %+v", thread)
		}
		// The refused files are still the sender's to send.
		if m := e.sendFiles(ada, acme, "", own); len(m.Attachments) != 1 {
			t.Errorf("sent %+v", m)
		}
	})
}

// TestChatFiles_access: a chat file opens only through a signed link, and only the two parties
// are ever handed one (inside messages only they can read).
func TestChatFiles_access(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		eve, rival, admin := e.registerStudent("Eve"), e.registerStartup("Rival"), e.admin()
		sent := e.sendFiles(ada, acme, "my portfolio", e.uploadChat(ada, "portfolio.pdf", pdfBytes()))
		link := sent.Attachments[0].URL
		stored := bare(link)

		for _, tc := range []struct {
			name   string
			caller user
			status int
		}{{"the sender", ada, 200}, {"the receiver", acme, 200}} {
			t.Run(tc.name+" reads the message and its file", func(t *testing.T) {
				partner := acme.ID
				if tc.caller.ID == acme.ID {
					partner = ada.ID
				}
				thread := list[fileMessage](t, e.do("GET", "/api/chat/"+partner, tc.caller.Token, nil))
				if len(thread) != 1 || len(thread[0].Attachments) != 1 {
					t.Fatalf("thread %+v", thread)
				}
				if res := e.do("GET", thread[0].Attachments[0].URL, "", nil); res.Status != http.StatusOK {
					t.Errorf("download: %d %s", res.Status, res.Raw)
				}
			})
		}
		// Outsiders cannot read the conversation, so they are never handed a link.
		outsiders := []struct {
			name string
			u    user
		}{{"another student", eve}, {"a startup not in it", rival}, {"the admin", admin}}
		for _, o := range outsiders {
			t.Run(o.name+" gets no link", func(t *testing.T) {
				for _, path := range []string{"/api/chat/" + ada.ID, "/api/chat/" + acme.ID, "/api/chat/conversations"} {
					res := e.do("GET", path, o.u.Token, nil)
					if strings.Contains(string(res.Raw), "portfolio") || strings.Contains(string(res.Raw), sent.ID) {
						t.Errorf("GET %s shows the message: %d %s", path, res.Status, res.Raw)
					}
				}
				res := e.do("GET", stored, o.u.Token, nil)
				if res.Status != http.StatusForbidden || !strings.Contains(res.field("message"), "Files sent in chat open only through the link") {
					t.Errorf("bare URL with a token: %d %s, want 403", res.Status, res.Raw)
				}
			})
		}
		for _, who := range []struct {
			name  string
			token string
		}{{"signed out", ""}, {"the sender", ada.Token}, {"the receiver", acme.Token}} {
			if res := e.do("GET", stored, who.token, nil); res.Status != http.StatusForbidden {
				t.Errorf("bare URL as %s: %d %s, want 403", who.name, res.Status, res.Raw)
			}
		}

		good, _ := url.Parse(link)
		expires, signature := good.Query().Get("expires"), good.Query().Get("signature")
		flipped := []byte(signature)
		flipped[0] ^= 1
		expired := uploads.NewLinks([]byte(e.cfg.JWTSecret))
		expired.Now = func() time.Time { return time.Now().Add(-uploads.LinkTTL - time.Second) }
		for _, tc := range []struct {
			name, path string
			status     int
		}{
			{"tampered signature", stored + "?" + url.Values{"expires": {expires}, "signature": {string(flipped)}}.Encode(), http.StatusForbidden},
			{"another file's id", "/api/files/" + store.NewID() + "?" + good.RawQuery, http.StatusForbidden},
			{"expired", expired.Sign(stored), http.StatusGone},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if res := e.do("GET", tc.path, "", nil); res.Status != tc.status {
					t.Errorf("%d %s, want %d", res.Status, res.Raw, tc.status)
				}
			})
		}
	})
}

// TestChatFiles_liveAndCatchUp: a message with files reaches the receiver's open socket with its
// links, and a client catching up after a reconnect gets it too.
func TestChatFiles_liveAndCatchUp(t *testing.T) {
	onBothDeployments(t, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		before := e.send(ada, acme, "before the files")
		socket := e.connect(ada)
		png := pngBytes(t)
		sent := e.sendFiles(acme, ada, "see attached", e.uploadChat(acme, "live.png", png))

		socket.readUntil("chat.message", sent.ID)
		ev := socket.seen[len(socket.seen)-1]
		var live fileMessage
		if err := json.Unmarshal(ev.Data, &live); err != nil {
			t.Fatal(err)
		}
		if live.ID != sent.ID || len(live.Attachments) != 1 || live.Attachments[0].Name != "live.png" || live.Attachments[0].Type != uploads.PNG {
			t.Fatalf("live event %s", ev.Data)
		}
		wantSigned(t, "live attachment", live.Attachments[0].URL)
		if res := e.do("GET", live.Attachments[0].URL, "", nil); res.Status != http.StatusOK || !bytes.Equal(res.Raw, png) {
			t.Errorf("the live link: %d", res.Status)
		}

		missed := list[fileMessage](t, e.do("GET", "/api/chat/"+acme.ID+"?after="+before.ID, ada.Token, nil))
		if len(missed) != 1 || missed[0].ID != sent.ID || len(missed[0].Attachments) != 1 {
			t.Fatalf("catch-up = %+v", missed)
		}
		wantSigned(t, "catch-up attachment", missed[0].Attachments[0].URL)
	})
}

// TestChatFiles_sweepKeepsSentFiles: the upload sweep deletes a chat file nobody sent, never one
// a message holds.
func TestChatFiles_sweepKeepsSentFiles(t *testing.T) {
	onBothDeploymentsWith(t, func(c *config.Config) { c.UploadOrphanAge = time.Nanosecond }, func(t *testing.T, e *env) {
		ada, acme := e.registerStudent("Ada"), e.registerStartup("Acme")
		unsent := e.uploadChat(ada, "unsent.png", pngBytes(t))
		sent := e.sendFiles(ada, acme, "", e.uploadChat(ada, "sent.png", pngBytes(t)))
		time.Sleep(10 * time.Millisecond)
		if _, _, err := e.app.SweepUploads(t.Context()); err != nil {
			t.Fatal(err)
		}
		if res := e.do("GET", unsent.URL, "", nil); res.Status != http.StatusNotFound {
			t.Errorf("an unsent chat file after the sweep: %d, want 404", res.Status)
		}
		if res := e.do("GET", sent.Attachments[0].URL, "", nil); res.Status != http.StatusOK {
			t.Errorf("a sent chat file after the sweep: %d %s, want 200", res.Status, res.Raw)
		}
	})
}
