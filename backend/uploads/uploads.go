// Package uploads takes users' files — avatars, résumés, task images and files sent in chat —
// decides what they are by their content, and keeps them in the database so every instance serves
// every upload.
package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/ratelimit"
)

// Kind is what an upload is for; it decides which types are accepted. Who may upload which kind
// is the HTTP route table's rule (httpapi/routes.go).
type Kind string

const (
	Avatar    Kind = "avatar"
	Resume    Kind = "resume"
	TaskImage Kind = "task-image"
	// Chat is an image or PDF sent in a conversation (chat.SendInput's attachments).
	Chat Kind = "chat"
)

// Private reports whether files of kind k open only through a signed link (Links): a résumé is
// for those its owner's privacy lets see it, a chat file for the two people in its conversation.
// Avatars and task images are public to whoever holds the URL.
func (k Kind) Private() bool { return k == Resume || k == Chat }

// MaxSize is the largest upload of any kind (spec §9: résumés under 5 MB; images share it).
const MaxSize = 5 << 20

// URLPrefix is where uploads are served: a file's URL is URLPrefix + its id.
const URLPrefix = "/api/files/"

// File is one stored upload. Data is nil when only the metadata was read.
type File struct {
	ID          string
	OwnerID     string
	Kind        Kind
	Name        string
	ContentType string
	Size        int64
	Data        []byte
	CreatedAt   time.Time
}

// URL is where f is served.
func (f *File) URL() string { return URLPrefix + f.ID }

// IsImage reports whether f is shown inline rather than downloaded.
func (f *File) IsImage() bool { return strings.HasPrefix(f.ContentType, "image/") }

// IDFromURL returns the file id inside a URL made by File.URL.
func IDFromURL(url string) (string, bool) {
	id, ok := strings.CutPrefix(url, URLPrefix)
	return id, ok && id != "" && !strings.ContainsAny(id, "/?#")
}

// Store keeps files.
type Store interface {
	CreateFile(ctx context.Context, f *File) error
	// UsedBytes is the size of every file ownerID keeps.
	UsedBytes(ctx context.Context, ownerID string) (int64, error)
	// FileByID returns the file with its data; apperr.NotFound when unknown.
	FileByID(ctx context.Context, id string) (*File, error)
}

// rule is what one kind accepts, and the messages it refuses with.
type rule struct {
	types    []string
	wrong    string // 415 message
	tooLarge string // 413 message
	field    string // the form field errors name; "" names the kind
}

// fieldOf is the form field a refusal of kind names.
func fieldOf(kind Kind, r rule) string {
	if r.field != "" {
		return r.field
	}
	return string(kind)
}

var rules = map[Kind]rule{
	Avatar: {types: []string{PNG, JPEG, GIF, WebP}, wrong: "Please upload a PNG, JPEG, GIF or WebP image",
		tooLarge: "Image size must be less than 5MB"},
	TaskImage: {types: []string{PNG, JPEG, GIF, WebP}, wrong: "Please upload a PNG, JPEG, GIF or WebP image",
		tooLarge: "Image size must be less than 5MB"},
	Resume: {types: []string{PDF, DOC, DOCX}, wrong: "Please upload a PDF or Word document",
		tooLarge: "File size must be less than 5MB"},
	Chat: {types: []string{PNG, JPEG, GIF, WebP, PDF}, wrong: "Please upload a PNG, JPEG, GIF or WebP image or a PDF",
		tooLarge: "File size must be less than 5MB", field: "file"},
}

// Service stores and serves uploads. Each user may upload PerUser files per Window and keep
// QuotaBytes in all (0: no limit); replaced and unreferenced files are deleted by the store and
// the sweep (store.Files), so the quota measures what a user really keeps.
type Service struct {
	Store          Store
	Limiter        ratelimit.Limiter
	PerUser        int
	Window         time.Duration
	QuotaBytes     int64
	MaxImagePixels int // width × height; 0: no limit
}

// Upload reads at most MaxSize+1 bytes of body, checks its content against kind, and stores it
// under owner. name is the client's file name, kept (sanitized) only for downloads.
func (s *Service) Upload(ctx context.Context, owner *accounts.User, kind Kind, name string, body io.Reader) (*File, error) {
	r, ok := rules[kind]
	if !ok {
		return nil, apperr.New(apperr.NotFound, "Not found.")
	}
	field := fieldOf(kind, r)
	if !safeName(name) {
		return nil, apperr.Field(field, "Invalid file name")
	}
	if err := ratelimit.Take(ctx, s.Limiter, "uploads:user:"+owner.ID, s.PerUser, s.Window,
		"You are uploading files too fast. Please try again in a few minutes."); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(body, MaxSize+1))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge) || len(data) > MaxSize:
		return nil, &apperr.Error{Code: apperr.TooLarge, Message: r.tooLarge, Fields: map[string]string{field: r.tooLarge}}
	case err != nil:
		return nil, apperr.Field(field, "The upload could not be read. Please try again.")
	}
	contentType := Detect(data)
	wrongType := &apperr.Error{Code: apperr.UnsupportedType, Message: r.wrong, Fields: map[string]string{field: r.wrong}}
	if !slices.Contains(r.types, contentType) {
		return nil, wrongType
	}
	if strings.HasPrefix(contentType, "image/") {
		switch err := checkImage(data, contentType, s.MaxImagePixels); {
		case errors.Is(err, errTooManyPixels):
			msg := "Image dimensions are too large. Please upload a smaller image."
			return nil, &apperr.Error{Code: apperr.TooLarge, Message: msg, Fields: map[string]string{field: msg}}
		case err != nil:
			return nil, wrongType
		}
	}
	if err := s.checkQuota(ctx, owner.ID, int64(len(data))); err != nil {
		return nil, err
	}
	f := &File{
		OwnerID: owner.ID, Kind: kind, Name: SanitizeName(name, contentType),
		ContentType: contentType, Size: int64(len(data)), Data: data,
	}
	if err := s.Store.CreateFile(ctx, f); err != nil {
		return nil, err
	}
	return f, nil
}

// checkQuota refuses a file that would take the owner past QuotaBytes.
func (s *Service) checkQuota(ctx context.Context, ownerID string, size int64) error {
	if s.QuotaBytes <= 0 {
		return nil
	}
	used, err := s.Store.UsedBytes(ctx, ownerID)
	if err != nil {
		return err
	}
	if used+size > s.QuotaBytes {
		return apperr.New(apperr.TooLarge, fmt.Sprintf(
			"You have used your %d MB of upload space. Replace or remove a file to upload more.", s.QuotaBytes>>20))
	}
	return nil
}

// Open returns a stored file by id; unknown ids are apperr.NotFound.
func (s *Service) Open(ctx context.Context, id string) (*File, error) {
	return s.Store.FileByID(ctx, id)
}

// safeName refuses names that try to be paths: browsers send a bare name, so a separator or a
// parent reference means a crafted request. Such a name is refused, not quietly repaired.
func safeName(name string) bool {
	if len(name) > 1000 || strings.ContainsAny(name, "/\\\x00") {
		return false
	}
	return name != "." && name != ".."
}

// extensions gives each stored type the extension its download name ends with, whatever the
// client called the file.
var extensions = map[string]string{PNG: ".png", JPEG: ".jpg", GIF: ".gif", WebP: ".webp", PDF: ".pdf", DOC: ".doc", DOCX: ".docx"}

// SanitizeName turns a client's file name into one that is safe in a Content-Disposition header
// and on any disk: letters, digits, spaces, dots, dashes and underscores only, no leading dot,
// at most 100 characters, ending with the extension of the detected type.
func SanitizeName(name, contentType string) string {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	base = strings.TrimSuffix(base, path.Ext(base))
	var b strings.Builder
	for _, r := range base {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(" ._-", r)):
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	clean := strings.Trim(b.String(), " ._")
	if len(clean) > 100 {
		clean = clean[:100]
	}
	if clean == "" {
		clean = "file"
	}
	return clean + extensions[contentType]
}
