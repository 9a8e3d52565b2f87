package profiles

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

func TestNormalizeStartup_rules(t *testing.T) {
	ok := StartupProfile{CompanyName: "Nimbus", Industry: "Cloud"}
	with := func(change func(*StartupProfile)) StartupProfile { p := ok; change(&p); return p }
	site := "Please enter a valid URL, such as https://nimbus.io"
	public := "Use your company's public website: not localhost, a private-network name or an IP address."
	for _, tc := range []struct {
		name string
		in   StartupProfile
		want messages
	}{
		{"name and industry", ok, nil},
		{"everything", StartupProfile{CompanyName: "Nimbus", Industry: "Cloud", CompanyDescription: "We host things",
			CompanySize: "11-50", ProfilePicture: "/api/files/logo-1", Website: "https://nimbus.io/about"}, nil},
		{"nothing", StartupProfile{}, messages{{"companyName", "Company name is required"}, {"industry", "Industry is required"}}},
		{"blanks", StartupProfile{CompanyName: " ", Industry: "\t"}, messages{
			{"companyName", "Company name is required"}, {"industry", "Industry is required"}}},
		{"one-letter company", with(func(p *StartupProfile) { p.CompanyName = " N " }), messages{
			{"companyName", "Company name must be at least 2 characters"}}},
		{"100-character accented company", with(func(p *StartupProfile) { p.CompanyName = strings.Repeat("é", 100) }), nil},
		{"long texts", with(func(p *StartupProfile) {
			p.CompanyName, p.Industry = strings.Repeat("n", 101), strings.Repeat("i", 101)
			p.CompanyDescription, p.CompanySize = chars2001, strings.Repeat("s", 51)
		}), messages{
			{"companyName", "Company name must be at most 100 characters"}, {"industry", "Industry must be at most 100 characters"},
			{"companyDescription", "Company description must be at most 2000 characters"},
			{"companySize", "Company size must be at most 50 characters"}}},
		{"picture from elsewhere", with(func(p *StartupProfile) { p.ProfilePicture = "https://example.com/logo.png" }), messages{
			{"profilePicture", "Please upload the file again"}}},

		// Website: typed as people type it, stored as a link whose domain can be verified.
		{"bare domain", with(func(p *StartupProfile) { p.Website = "nimbus.io" }), nil},
		{"300 characters", with(func(p *StartupProfile) { p.Website = "https://nimbus.io/" + strings.Repeat("a", 282) }), nil},
		{"301 characters", with(func(p *StartupProfile) { p.Website = "https://nimbus.io/" + strings.Repeat("a", 283) }), messages{
			{"website", "Website must be at most 300 characters"}}},
		{"over 300 characters once encoded", with(func(p *StartupProfile) { p.Website = "https://nimbus.io/" + strings.Repeat("ü", 48) }), messages{
			{"website", "Website must be at most 300 characters"}}},
		{"no domain", with(func(p *StartupProfile) { p.Website = "localhost" }), messages{{"website", public}}},
		{"ftp", with(func(p *StartupProfile) { p.Website = "ftp://nimbus.io" }), messages{{"website", site}}},
		{"script", with(func(p *StartupProfile) { p.Website = "javascript:alert(1)" }), messages{{"website", site}}},
		{"a space", with(func(p *StartupProfile) { p.Website = "https://nimbus.io/about us" }), messages{{"website", site}}},
		{"a quote", with(func(p *StartupProfile) { p.Website = `https://nimbus.io/"about"` }), messages{{"website", site}}},
		{"a user name", with(func(p *StartupProfile) { p.Website = "https://probe.io@evil.io" }), messages{{"website", site}}},
		{"a public suffix", with(func(p *StartupProfile) { p.Website = "https://co.uk" }), messages{
			{"website", "co.uk is a public suffix that names are registered under, not a company's domain. Enter your company's own domain."}}},
		{"free hosting", with(func(p *StartupProfile) { p.Website = "https://acme.github.io" }), messages{
			{"website", "github.io is a hosting domain where anyone can have a site, so a site there proves nothing about a company. Enter your company's own domain."}}},
		{"a university", with(func(p *StartupProfile) { p.Website = "oxford.ac.uk" }), messages{
			{"website", "oxford.ac.uk is a school, university or government domain, whose addresses belong to its students and staff. Enter your company's own domain."}}},
		{"free mail", with(func(p *StartupProfile) { p.Website = "https://gmail.com" }), messages{
			{"website", "gmail.com is a free-mail provider, not your company's website."}}},
		{"website is checked first", StartupProfile{Website: "localhost"}, messages{
			{"website", public}, {"companyName", "Company name is required"}, {"industry", "Industry is required"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := normalizeStartup(tc.in)
			checkRefusal(t, err, tc.want)
		})
	}
}

func TestNormalizeStartup_storesTrimmedWithAFullWebsite(t *testing.T) {
	for typed, stored := range map[string]string{
		" nimbus.io ":                       "https://nimbus.io",
		"https://www.nimbus.io/?ref=a#team": "https://www.nimbus.io/?ref=a#team",
		"münchen.de/über":                   "https://xn--mnchen-3ya.de/%C3%BCber",
	} {
		got, err := normalizeStartup(StartupProfile{CompanyName: " Nimbus ", Industry: " Cloud ", CompanySize: " 11-50 ", Website: typed})
		want := StartupProfile{CompanyName: "Nimbus", Industry: "Cloud", CompanySize: "11-50", Website: stored}
		if err != nil || got != want {
			t.Errorf("%q: stored %+v, %v; want %+v", typed, got, err, want)
		}
	}
}

func TestValidatePasswordChange(t *testing.T) {
	long := strings.Repeat("p", 129)
	for _, tc := range []struct {
		name                   string
		current, next, confirm string
		want                   messages
	}{
		{"good", "old-secret", "new-secret", "new-secret", nil},
		{"nothing", "", "", "", messages{
			{"currentPassword", "Current password is required"}, {"newPassword", "Password is required"},
			{"confirmPassword", "Please confirm your password"}}},
		{"current longer than any password", long, "new-secret", "new-secret", messages{{"currentPassword", "Current password is incorrect"}}},
		{"short", "old-secret", "12345", "12345", messages{{"newPassword", "Password must be at least 6 characters"}}},
		{"long", "old-secret", long, long, messages{{"newPassword", "Password must be at most 128 characters"}}},
		{"unchanged", "old-secret", "old-secret", "old-secret", messages{{"newPassword", "The new password must differ from the current one"}}},
		{"confirmation differs", "old-secret", "new-secret", "new-secret!", messages{{"confirmPassword", "Passwords do not match"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRefusal(t, validatePasswordChange(tc.current, tc.next, tc.confirm), tc.want)
		})
	}
}

func TestSkillKeys(t *testing.T) {
	for _, tc := range []struct {
		name   string
		skills []string
		keys   []string
		want   messages
	}{
		{"none", nil, []string{}, nil},
		{"split, trimmed, lower-cased", []string{"Go, React", " SQL ", "", " , "}, []string{"go", "react", "sql"}, nil},
		{"20 terms", []string{names(20)}, nil, nil},
		{"21 terms", []string{names(10), names(11)}, nil, messages{{"skills", "Filter by at most 20 skills"}}},
		{"101-character name", []string{strings.Repeat("s", 101)}, nil, messages{{"skills", "Skill names must be at most 100 characters"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys, err := SkillKeys(tc.skills)
			checkRefusal(t, err, tc.want)
			if tc.keys != nil && !slices.Equal(keys, tc.keys) {
				t.Fatalf("keys %q, want %q", keys, tc.keys)
			}
		})
	}
}

func TestCheckOwnProfile(t *testing.T) {
	me := &accounts.User{ID: "s1", Type: accounts.Student}
	for _, tc := range []struct {
		name, userID string
		code         apperr.Code // "" when accepted
		message      string
	}{
		{"no id", "", "", ""},
		{"own id", "s1", "", ""},
		{"another's id", "s2", apperr.Forbidden, "You can only edit your own profile."},
		{"201-character id", chars201, apperr.Invalid, "Unknown user"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckOwnProfile(me, tc.userID)
			var e *apperr.Error
			switch {
			case tc.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.code != "" && (!errors.As(err, &e) || e.Code != tc.code || e.Message != tc.message):
				t.Fatalf("error = %v, want %s %q", err, tc.code, tc.message)
			}
		})
	}
}

// errSaved is what filesStore answers a save with: every rule let the profile through.
var errSaved = errors.New("saved")

// filesStore knows the uploads in files; saving answers errSaved. Any other call panics on the
// nil Store.
type filesStore struct {
	Store
	files map[string]*uploads.File
}

func (f filesStore) FileMeta(_ context.Context, id string) (*uploads.File, error) {
	if file, ok := f.files[id]; ok {
		return file, nil
	}
	return nil, apperr.New(apperr.NotFound, "File not found.")
}

func (filesStore) SaveStudentProfile(context.Context, string, StudentProfile, SaveMode) error {
	return errSaved
}

func (filesStore) SaveStartupProfile(context.Context, string, StartupProfile) error { return errSaved }

// TestSaveProfile_ownUploadsOnly: a profile points only at uploads of the right kind that its
// owner made; a résumé link elsewhere is not an upload and is not looked up.
func TestSaveProfile_ownUploadsOnly(t *testing.T) {
	student := &accounts.User{ID: "s1", Type: accounts.Student}
	startup := &accounts.User{ID: "c1", Type: accounts.Startup}
	svc := &Service{Store: filesStore{files: map[string]*uploads.File{
		"ada-avatar": {ID: "ada-avatar", OwnerID: "s1", Kind: uploads.Avatar},
		"ada-cv":     {ID: "ada-cv", OwnerID: "s1", Kind: uploads.Resume},
		"bob-avatar": {ID: "bob-avatar", OwnerID: "s2", Kind: uploads.Avatar},
		"logo":       {ID: "logo", OwnerID: "c1", Kind: uploads.Avatar},
	}}, Now: func() time.Time { return testNow }}
	again := "Please upload the file again"
	for _, tc := range []struct {
		name            string
		user            *accounts.User
		picture, resume string
		want            messages
	}{
		{"own avatar and résumé", student, "/api/files/ada-avatar", "/api/files/ada-cv", nil},
		{"a résumé elsewhere", student, "", "https://example.com/cv.pdf", nil},
		{"another's avatar", student, "/api/files/bob-avatar", "", messages{{"profilePicture", again}}},
		{"own résumé as a picture", student, "/api/files/ada-cv", "", messages{{"profilePicture", again}}},
		{"own avatar as a résumé", student, "", "/api/files/ada-avatar", messages{{"resume", again}}},
		{"an unknown upload", student, "/api/files/nobody", "", messages{{"profilePicture", again}}},
		{"a startup's own logo", startup, "/api/files/logo", "", nil},
		{"a startup using a student's avatar", startup, "/api/files/ada-avatar", "", messages{{"profilePicture", again}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.user.Type == accounts.Startup {
				_, err = svc.SaveStartupProfile(context.Background(), tc.user, StartupProfile{CompanyName: "Nimbus", Industry: "Cloud", ProfilePicture: tc.picture})
			} else {
				_, err = svc.SaveStudentProfile(context.Background(), tc.user,
					StudentProfile{FirstName: "Ada", LastName: "Lovelace", ProfilePicture: tc.picture, Resume: tc.resume}, SaveProfile)
			}
			if tc.want == nil {
				if !errors.Is(err, errSaved) {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			checkRefusal(t, err, tc.want)
		})
	}
}
