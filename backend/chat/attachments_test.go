package chat

import (
	"context"
	"strings"
	"testing"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

func TestValidateSend_filesMakeTextOptional(t *testing.T) {
	in := SendInput{Receiver: "0193a000-0000-7000-8000-000000000001", Attachments: []AttachmentInput{{URL: "/api/files/x"}}}
	if err := validateSend(in); err != nil {
		t.Errorf("no text with a file: %v", err)
	}
	in.Attachments = nil
	if err := validateSend(in); fieldOf(err, "content") != "Message cannot be empty" {
		t.Errorf("no text, no file: %v", err)
	}
}

// fieldOf is err's message for one field, "" when it has none.
func fieldOf(err error, field string) string {
	var e *apperr.Error
	if err == nil || !asAppErr(err, &e) {
		return ""
	}
	return e.Fields[field]
}

func TestAttachmentIDs(t *testing.T) {
	id := "0193a000-0000-7000-8000-0000000000aa"
	signed := uploads.NewLinks([]byte("a-secret-a-secret-a-secret-a-secret")).Sign(uploads.URLPrefix + id)
	many := make([]AttachmentInput, MaxAttachments+1)
	for i := range many {
		many[i] = AttachmentInput{URL: uploads.URLPrefix + strings.Replace(id, "aa", string(rune('a'+i))+"0", 1)}
	}
	cases := []struct {
		name string
		in   []AttachmentInput
		want string // the attachments field message; "" accepts
	}{
		{"none", nil, ""},
		{"the bare url", []AttachmentInput{{URL: uploads.URLPrefix + id}}, ""},
		{"the signed url", []AttachmentInput{{URL: signed, Name: "a.png"}}, ""},
		{"another site", []AttachmentInput{{URL: "https://example.com/api/files/" + id}}, errAttachmentUnknown.Message},
		{"not an id", []AttachmentInput{{URL: uploads.URLPrefix + "42"}}, errAttachmentUnknown.Message},
		{"empty", []AttachmentInput{{}}, errAttachmentUnknown.Message},
		{"twice", []AttachmentInput{{URL: uploads.URLPrefix + id}, {URL: signed}}, "The same file is attached twice"},
		{"too many", many, "At most 5 files per message"},
		{"a long name", []AttachmentInput{{URL: signed, Name: strings.Repeat("é", 201)}}, "A file name must be at most 200 characters"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ids, err := attachmentIDs(tc.in)
			if got := fieldOf(err, "attachments"); got != tc.want {
				t.Fatalf("attachments error %q, want %q (%v)", got, tc.want, err)
			}
			if tc.want == "" && len(ids) != len(tc.in) {
				t.Errorf("ids %v", ids)
			}
		})
	}
}

// uploadsStore is a Store that knows only files.
type uploadsStore struct {
	Store
	files []Upload
}

func (s uploadsStore) Uploads(_ context.Context, ids []string) ([]Upload, error) {
	var out []Upload
	for _, f := range s.files {
		for _, id := range ids {
			if f.FileID == id {
				out = append(out, f)
			}
		}
	}
	return out, nil
}

func TestCheckAttachments(t *testing.T) {
	file := func(id, owner string, kind uploads.Kind, attached bool) Upload {
		return Upload{Attachment: Attachment{FileID: id, Name: id + ".png"}, OwnerID: owner, Kind: kind, Attached: attached}
	}
	s := &Service{Store: uploadsStore{files: []Upload{
		file("mine", "ada", uploads.Chat, false),
		file("mine2", "ada", uploads.Chat, false),
		file("bobs", "bob", uploads.Chat, false),
		file("avatar", "ada", uploads.Avatar, false),
		file("sent", "ada", uploads.Chat, true),
	}}}
	cases := []struct {
		name string
		ids  []string
		want error
	}{
		{"own chat files, in order", []string{"mine2", "mine"}, nil},
		{"someone else's", []string{"mine", "bobs"}, errAttachmentUnknown},
		{"not a chat upload", []string{"avatar"}, errAttachmentUnknown},
		{"unknown", []string{"gone"}, errAttachmentUnknown},
		{"already in a message", []string{"sent"}, ErrAttachmentTaken},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.checkAttachments(context.Background(), "ada", tc.ids)
			if err != tc.want {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if tc.want == nil && (len(got) != 2 || got[0].FileID != "mine2" || got[1].FileID != "mine") {
				t.Errorf("files %+v", got)
			}
		})
	}
}

func TestData_signsEveryAttachment(t *testing.T) {
	links := uploads.NewLinks([]byte("a-secret-a-secret-a-secret-a-secret"))
	s := &Service{Links: links}
	d := s.Data(Message{ID: "m", Attachments: []Attachment{{FileID: "f1", Name: "a.pdf", ContentType: uploads.PDF, Size: 3}}})
	if len(d.Attachments) != 1 || !strings.HasPrefix(d.Attachments[0].URL, uploads.URLPrefix+"f1?") || uploads.Unsigned(d.Attachments[0].URL) != uploads.URLPrefix+"f1" {
		t.Errorf("attachments %+v", d.Attachments)
	}
	if none := s.Data(Message{ID: "n"}); none.Attachments == nil || len(none.Attachments) != 0 {
		t.Errorf("a message without files: %#v, want []", none.Attachments)
	}
}
