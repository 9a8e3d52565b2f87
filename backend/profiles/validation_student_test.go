package profiles

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr/apperrtest"
)

// Unit tables for the profile rules of validate.go: every rule's accepted and refused values,
// with the spec's texts where it has them (§5: required names, Company name and Industry
// required, the Help Center's phone message, the dropping rules of a profile save) and the
// limits it leaves open. Experience dates have their own table in validate_test.go.

// messages is what a refusal must say, field by field in the order the rules are checked: the
// first one is the error's Message.
type messages [][2]string

// checkRefusal fails t unless err is exactly want (nil: accepted).
func checkRefusal(t *testing.T, err error, want messages) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("refused: %v", err)
		}
		return
	}
	apperrtest.Refused(t, err, apperrtest.Messages(want))
}

var (
	chars201  = strings.Repeat("x", 201)
	chars2001 = strings.Repeat("x", 2001)
	// testNow puts the last year an experience date may name at 2031.
	testNow = time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
)

func TestNormalizeStudent_rules(t *testing.T) {
	ok := StudentProfile{FirstName: "Ada", LastName: "Lovelace"}
	with := func(change func(*StudentProfile)) StudentProfile { p := ok; change(&p); return p }
	skills := func(s ...accounts.Skill) StudentProfile { return with(func(p *StudentProfile) { p.Skills = s }) }
	experience := func(e ...accounts.Experience) StudentProfile {
		return with(func(p *StudentProfile) { p.Experience = e })
	}
	projects := func(pr ...accounts.Project) StudentProfile { return with(func(p *StudentProfile) { p.Projects = pr }) }
	job := accounts.Experience{Title: "Intern", Company: "Nimbus"}
	work := accounts.Project{Title: "Engine"}
	upload := "Please upload the file again"
	badLink := "Link must be a URL starting with http:// or https://"
	badURL := "Please enter a valid URL starting with http:// or https://"
	for _, tc := range []struct {
		name string
		in   StudentProfile
		want messages
	}{
		{"names only", ok, nil},
		{"everything", StudentProfile{FirstName: "Ada", LastName: "Lovelace", Phone: "+44 20 7946 0958",
			College: "Analytical U", Institute: "Engines", CollegeEmail: "ada@uni.edu", Bio: "Poet of numbers",
			Headline: "Engineer", Summary: "Notes", ProfilePicture: "/api/files/avatar-1", Resume: "https://example.com/cv.pdf",
			Skills:     []accounts.Skill{{Name: "Go", Level: "expert"}},
			Experience: []accounts.Experience{{Title: "Intern", Company: "Nimbus", StartDate: "2024-01", EndDate: "2025-01"}},
			Projects:   []accounts.Project{{Title: "Engine", Technologies: []string{"Go"}, Link: "https://github.com/ada/engine"}},
		}, nil},
		{"50-character accented names", with(func(p *StudentProfile) { p.FirstName = strings.Repeat("é", 50) }), nil},
		{"200-character accented fields", with(func(p *StudentProfile) { p.College, p.Headline = strings.Repeat("é", 200), strings.Repeat("é", 200) }), nil},

		// Names, as at registration.
		{"no names", StudentProfile{}, messages{{"firstName", "First name is required"}, {"lastName", "Last name is required"}}},
		{"blank names", StudentProfile{FirstName: "  ", LastName: "\t"}, messages{{"firstName", "First name is required"}, {"lastName", "Last name is required"}}},
		{"one-letter names", StudentProfile{FirstName: "A", LastName: " L "}, messages{
			{"firstName", "First name must be at least 2 characters"}, {"lastName", "Last name must be at least 2 characters"}}},
		{"51-character name", with(func(p *StudentProfile) { p.LastName = strings.Repeat("l", 51) }), messages{
			{"lastName", "Last name must be at most 50 characters"}}},

		// Phone: the Help Center's rule, 10 to 15 digits, separators allowed.
		{"10 digits", with(func(p *StudentProfile) { p.Phone = "0123456789" }), nil},
		{"15 digits with a plus", with(func(p *StudentProfile) { p.Phone = "+123456789012345" }), nil},
		{"9 digits", with(func(p *StudentProfile) { p.Phone = "012345678" }), messages{{"phone", "Please enter a valid phone number."}}},
		{"16 digits", with(func(p *StudentProfile) { p.Phone = "0123456789012345" }), messages{{"phone", "Please enter a valid phone number."}}},
		{"letters", with(func(p *StudentProfile) { p.Phone = "call 0123456789" }), messages{{"phone", "Please enter a valid phone number."}}},
		{"separators past 30 characters", with(func(p *StudentProfile) { p.Phone = "0---1---2---3---4---5---6---7---8---9" }),
			messages{{"phone", "Please enter a valid phone number."}}},

		{"bad college email", with(func(p *StudentProfile) { p.CollegeEmail = "ada@uni" }), messages{{"collegeEmail", "Invalid email address"}}},
		{"long texts", with(func(p *StudentProfile) {
			p.College, p.Institute, p.Headline, p.Bio, p.Summary = chars201, chars201, chars201, chars2001, chars2001
		}), messages{
			{"college", "College must be at most 200 characters"}, {"institute", "Institute must be at most 200 characters"},
			{"headline", "Headline must be at most 200 characters"}, {"bio", "Bio must be at most 2000 characters"},
			{"summary", "Summary must be at most 2000 characters"}}},

		// Pictures and résumés are our uploads; a résumé may also be a web link.
		{"picture from elsewhere", with(func(p *StudentProfile) { p.ProfilePicture = "https://example.com/a.png" }), messages{{"profilePicture", upload}}},
		{"script as picture", with(func(p *StudentProfile) { p.ProfilePicture = "javascript:alert(1)" }), messages{{"profilePicture", upload}}},
		{"upload path without an id", with(func(p *StudentProfile) { p.ProfilePicture = "/api/files/" }), messages{{"profilePicture", upload}}},
		{"upload path going further", with(func(p *StudentProfile) { p.ProfilePicture = "/api/files/a/b" }), messages{{"profilePicture", upload}}},
		{"our résumé, signed as shown", with(func(p *StudentProfile) { p.Resume = "/api/files/cv-1?expires=1&signature=x" }), nil},
		{"résumé over ftp", with(func(p *StudentProfile) { p.Resume = "ftp://example.com/cv.pdf" }), messages{{"resume", upload}}},
		{"script as résumé", with(func(p *StudentProfile) { p.Resume = "javascript:alert(1)" }), messages{{"resume", upload}}},
		{"501-character résumé link", with(func(p *StudentProfile) { p.Resume = "https://example.com/" + strings.Repeat("a", 481) }),
			messages{{"resume", upload}}},
		{"résumé link with a space", with(func(p *StudentProfile) { p.Resume = "https://example.com/my cv.pdf" }), messages{{"resume", badURL}}},
		{"résumé link with brackets", with(func(p *StudentProfile) { p.Resume = "https://example.com/<cv>.pdf" }), messages{{"resume", badURL}}},
		{"résumé link with a quote", with(func(p *StudentProfile) { p.Resume = `HTTPS://example.com/"cv".pdf` }), messages{{"resume", badURL}}},
		{"résumé link with a user name", with(func(p *StudentProfile) { p.Resume = "https://example.com@evil.io/cv.pdf" }), messages{{"resume", badURL}}},

		// Skills.
		{"every level", skills(accounts.Skill{Name: "A", Level: "beginner"}, accounts.Skill{Name: "B", Level: "intermediate"},
			accounts.Skill{Name: "C", Level: "advanced"}, accounts.Skill{Name: "D", Level: "expert"}), nil},
		{"unknown level", skills(accounts.Skill{Name: "Go", Level: "guru"}), messages{
			{"skills.0.level", "Level must be beginner, intermediate, advanced or expert"}}},
		{"level in capitals", skills(accounts.Skill{Name: "Go"}, accounts.Skill{Name: "SQL", Level: "Expert"}), messages{
			{"skills.1.level", "Level must be beginner, intermediate, advanced or expert"}}},
		// A nameless skill is dropped, but its level is still checked (the form only offers the four).
		{"nameless skill with an unknown level", skills(accounts.Skill{Level: "guru"}), messages{
			{"skills.0.level", "Level must be beginner, intermediate, advanced or expert"}}},
		{"100-character skill", skills(accounts.Skill{Name: strings.Repeat("s", 100)}), nil},
		{"101-character skill", skills(accounts.Skill{Name: "Go, " + strings.Repeat("s", 101)}), messages{
			{"skills.0.name", "Skill names must be at most 100 characters"}}},
		{"50 skills", skills(accounts.Skill{Name: names(50)}), nil},
		{"51 skills in one name", skills(accounts.Skill{Name: names(51)}), messages{{"skills", "At most 50 skills"}}},
		{"51 skill entries", skills(make([]accounts.Skill, 51)...), messages{{"skills", "At most 50 skills"}}},

		// Experience: entries without a title or a company are dropped, unchecked.
		{"30 entries", experience(repeat(job, 30)...), nil},
		{"31 entries", experience(repeat(job, 31)...), messages{{"experience", "At most 30 experience entries"}}},
		{"long texts in an entry", experience(accounts.Experience{Title: chars201, Company: chars201, Description: chars2001}), messages{
			{"experience.0.title", "Title must be at most 200 characters"}, {"experience.0.company", "Company must be at most 200 characters"},
			{"experience.0.description", "Description must be at most 2000 characters"}}},
		{"dropped entry with long texts", experience(accounts.Experience{Title: chars201, Description: chars2001}), nil},
		{"keys keep the client's index", experience(accounts.Experience{Company: "Nimbus"}, accounts.Experience{Title: chars201, Company: "Nimbus"}),
			messages{{"experience.1.title", "Title must be at most 200 characters"}}},

		// Projects: those without a title are dropped, unchecked.
		{"30 projects", projects(repeat(work, 30)...), nil},
		{"31 projects", projects(repeat(work, 31)...), messages{{"projects", "At most 30 projects"}}},
		{"long texts in a project", projects(accounts.Project{Title: chars201, Description: chars2001}), messages{
			{"projects.0.title", "Title must be at most 200 characters"}, {"projects.0.description", "Description must be at most 2000 characters"}}},
		{"20 technologies", projects(accounts.Project{Title: "Engine", Technologies: []string{names(20)}}), nil},
		{"21 technologies", projects(accounts.Project{Title: "Engine", Technologies: []string{names(10), names(11)}}), messages{
			{"projects.0.technologies", "At most 20 technologies"}}},
		{"51-character technology", projects(accounts.Project{Title: "Engine", Technologies: []string{strings.Repeat("t", 51)}}), messages{
			{"projects.0.technologies", "Technologies must be at most 50 characters each"}}},
		{"http link", projects(accounts.Project{Title: "Engine", Link: "http://ada.example/engine"}), nil},
		{"link without a scheme", projects(accounts.Project{Title: "Engine", Link: "github.com/ada"}), messages{{"projects.0.link", badLink}}},
		{"script as link", projects(accounts.Project{Title: "Engine", Link: "javascript:alert(1)"}), messages{{"projects.0.link", badLink}}},
		{"link without a host", projects(accounts.Project{Title: "Engine", Link: "https://"}), messages{{"projects.0.link", badLink}}},
		{"link with a space", projects(accounts.Project{Title: "Engine", Link: "https://github.com/ada/my engine"}), messages{{"projects.0.link", badLink}}},
		{"link with brackets", projects(work, accounts.Project{Title: "Engine", Link: "https://github.com/ada/<engine>"}), messages{{"projects.1.link", badLink}}},
		{"link with a quote", projects(accounts.Project{Title: "Engine", Link: `https://github.com/ada/"engine"`}), messages{{"projects.0.link", badLink}}},
		{"link with a user name", projects(accounts.Project{Title: "Engine", Link: "https://github.com@evil.io/ada"}), messages{{"projects.0.link", badLink}}},
		{"link over 500 characters once encoded", projects(accounts.Project{Title: "Engine", Link: "https://github.com/" + strings.Repeat("é", 81)}),
			messages{{"projects.0.link", badLink}}},
		{"dropped project with a bad link", projects(accounts.Project{Link: "javascript:alert(1)"}), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := normalizeStudent(tc.in, testNow)
			checkRefusal(t, err, tc.want)
		})
	}
}

// TestNormalizeStudent_keepsWhatTheSpecKeeps: a save stores its input trimmed, with spec §5's
// dropping rules and defaults applied.
func TestNormalizeStudent_keepsWhatTheSpecKeeps(t *testing.T) {
	got, err := normalizeStudent(StudentProfile{
		FirstName: " Ada ", LastName: "Lovelace ", Phone: " +44 (20) 7946-0958 ", CollegeEmail: " Ada@Uni.EDU ",
		Resume: "/api/files/cv-1?expires=1700000000&signature=abc",
		Skills: []accounts.Skill{
			{Name: " Go, React ,, "}, {Name: "  ", Level: "expert"}, {Name: "go", Level: "advanced"}, {Name: "SQL", Level: "expert"},
		},
		Experience: []accounts.Experience{
			{Title: "Intern"}, {Company: "Nimbus"},
			{Title: " Developer ", Company: " Nimbus ", StartDate: "2024-01", EndDate: "2025-01", IsCurrent: true},
		},
		Projects: []accounts.Project{
			{Description: "untitled"},
			{Title: " Engine ", Technologies: []string{"Go, React", " ", "SQL"}, Link: " https://github.com/ada/engine "},
		},
	}, testNow)
	if err != nil {
		t.Fatal(err)
	}
	want := StudentProfile{
		FirstName: "Ada", LastName: "Lovelace", Phone: "+442079460958", CollegeEmail: "ada@uni.edu", Resume: "/api/files/cv-1",
		Skills: []accounts.Skill{{Name: "Go", Level: "beginner"}, {Name: "React", Level: "beginner"}, {Name: "SQL", Level: "expert"}},
		// A current role has no end date: the profile shows Present.
		Experience: []accounts.Experience{{Title: "Developer", Company: "Nimbus", StartDate: "2024-01", IsCurrent: true}},
		Projects:   []accounts.Project{{Title: "Engine", Technologies: []string{"Go", "React", "SQL"}, Link: "https://github.com/ada/engine"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("stored\n%+v\nwant\n%+v", got, want)
	}
}

// Project and résumé links are stored as weblink writes them: a query and a fragment as typed,
// non-ASCII percent-encoded.
func TestNormalizeStudent_storesLinksAsURIs(t *testing.T) {
	got, err := normalizeStudent(StudentProfile{FirstName: "Ada", LastName: "Lovelace",
		Resume:   "https://drive.example.com/cv?id=1&lang=fr#page=2",
		Projects: []accounts.Project{{Title: "Engine", Link: "https://github.com/ada/müller?tab=readme#usage"}},
	}, testNow)
	if err != nil {
		t.Fatal(err)
	}
	if got.Resume != "https://drive.example.com/cv?id=1&lang=fr#page=2" || got.Projects[0].Link != "https://github.com/ada/m%C3%BCller?tab=readme#usage" {
		t.Errorf("stored résumé %q, project link %q", got.Resume, got.Projects[0].Link)
	}
}

// names is n distinct skill or technology names, comma separated as the form sends them.
func names(n int) string {
	list := make([]string, n)
	for i := range list {
		list[i] = "skill" + strings.Repeat("x", i)
	}
	return strings.Join(list, ", ")
}

func repeat[T any](item T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = item
	}
	return out
}
