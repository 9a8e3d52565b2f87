package profiles

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/help"
	"bridgework/backend/issuers"
	"bridgework/backend/uploads"
	"bridgework/backend/weblink"
)

// Limits on what a profile holds. The spec sets none; these keep rows and pages reasonable.
const (
	maxName        = 50
	maxCompany     = 100
	maxShort       = 200 // headline, college, titles, industry…
	maxLong        = 2000
	maxURL         = 500
	maxWebsite     = 300
	maxSkillName   = 100
	maxSkills      = 50
	maxEntries     = 30 // experience entries, projects
	maxTechs       = 20
	maxTechName    = 50
	maxFilterTerms = 20
	maxDate        = 10
)

var datePattern = regexp.MustCompile(`^\d{4}-\d{2}(-\d{2})?$`)

// normalizeStudent trims p, applies the spec's dropping rules (a skill without a name, an
// experience without a title and a company, a project without a title are dropped), splits
// comma-separated skill names, defaults levels to beginner and checks every limit. Field keys of
// errors are the form's paths with the client's own indexes, e.g. "skills.2.level".
func normalizeStudent(in StudentProfile, now time.Time) (StudentProfile, error) {
	var v apperr.Validator
	p := StudentProfile{
		FirstName: strings.TrimSpace(in.FirstName), LastName: strings.TrimSpace(in.LastName),
		Phone: strings.TrimSpace(in.Phone), College: strings.TrimSpace(in.College),
		Institute: strings.TrimSpace(in.Institute), CollegeEmail: accounts.NormalizeEmail(in.CollegeEmail),
		Bio: strings.TrimSpace(in.Bio), Headline: strings.TrimSpace(in.Headline), Summary: strings.TrimSpace(in.Summary),
		// The form shows the résumé as the signed link it was given and saves it back: keep the file.
		ProfilePicture: strings.TrimSpace(in.ProfilePicture), Resume: uploads.Unsigned(strings.TrimSpace(in.Resume)),
		Discoverable: in.Discoverable, AcceptsInvitations: in.AcceptsInvitations,
	}
	checkName(&v, "firstName", "First name", p.FirstName)
	checkName(&v, "lastName", "Last name", p.LastName)
	if p.Phone != "" {
		normalized, ok := help.NormalizePhone(p.Phone)
		v.Check(ok && len(p.Phone) <= 30, "phone", "Please enter a valid phone number.")
		p.Phone = normalized
	}
	if p.CollegeEmail != "" {
		v.Check(accounts.ValidEmail(p.CollegeEmail), "collegeEmail", "Invalid email address")
	}
	maxLen(&v, "college", "College", p.College, maxShort)
	maxLen(&v, "institute", "Institute", p.Institute, maxShort)
	maxLen(&v, "headline", "Headline", p.Headline, maxShort)
	maxLen(&v, "bio", "Bio", p.Bio, maxLong)
	maxLen(&v, "summary", "Summary", p.Summary, maxLong)
	checkUpload(&v, "profilePicture", p.ProfilePicture, false)
	p.Resume = checkUpload(&v, "resume", p.Resume, true)

	p.Skills = normalizeSkills(&v, in.Skills)
	p.Experience = normalizeExperience(&v, in.Experience, now)
	p.Projects = normalizeProjects(&v, in.Projects)
	return p, v.Err()
}

func normalizeSkills(v *apperr.Validator, in []accounts.Skill) []accounts.Skill {
	v.Check(len(in) <= maxSkills, "skills", fmt.Sprintf("At most %d skills", maxSkills))
	out := []accounts.Skill{}
	seen := map[string]bool{}
	for i, s := range in {
		level := strings.TrimSpace(s.Level)
		if level == "" {
			level = accounts.SkillLevels[0]
		}
		v.Check(isLevel(level), field("skills", i, "level"), "Level must be beginner, intermediate, advanced or expert")
		// A name may hold several skills, comma separated; each becomes a skill of that level.
		for _, name := range strings.Split(s.Name, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			v.Check(utf8.RuneCountInString(name) <= maxSkillName, field("skills", i, "name"),
				fmt.Sprintf("Skill names must be at most %d characters", maxSkillName))
			if key := strings.ToLower(name); !seen[key] {
				seen[key] = true
				out = append(out, accounts.Skill{Name: name, Level: level})
			}
		}
	}
	v.Check(len(out) <= maxSkills, "skills", fmt.Sprintf("At most %d skills", maxSkills))
	return out
}

func normalizeExperience(v *apperr.Validator, in []accounts.Experience, now time.Time) []accounts.Experience {
	v.Check(len(in) <= maxEntries, "experience", fmt.Sprintf("At most %d experience entries", maxEntries))
	out := []accounts.Experience{}
	for i, e := range in {
		e = accounts.Experience{
			Title: strings.TrimSpace(e.Title), Company: strings.TrimSpace(e.Company),
			Description: strings.TrimSpace(e.Description), StartDate: strings.TrimSpace(e.StartDate),
			EndDate: strings.TrimSpace(e.EndDate), IsCurrent: e.IsCurrent,
		}
		if e.Title == "" || e.Company == "" {
			continue
		}
		maxLen(v, field("experience", i, "title"), "Title", e.Title, maxShort)
		maxLen(v, field("experience", i, "company"), "Company", e.Company, maxShort)
		maxLen(v, field("experience", i, "description"), "Description", e.Description, maxLong)
		if e.IsCurrent {
			e.EndDate = "" // a current role has no end: shown as Present
		}
		start, startOK := checkDate(v, field("experience", i, "startDate"), e.StartDate, now)
		end, endOK := checkDate(v, field("experience", i, "endDate"), e.EndDate, now)
		if startOK && endOK && e.StartDate != "" && e.EndDate != "" {
			v.Check(!end.Before(start), field("experience", i, "endDate"), "End date must not be before the start date")
		}
		out = append(out, e)
	}
	return out
}

func normalizeProjects(v *apperr.Validator, in []accounts.Project) []accounts.Project {
	v.Check(len(in) <= maxEntries, "projects", fmt.Sprintf("At most %d projects", maxEntries))
	out := []accounts.Project{}
	for i, p := range in {
		p = accounts.Project{
			Title: strings.TrimSpace(p.Title), Description: strings.TrimSpace(p.Description),
			Link: strings.TrimSpace(p.Link), Technologies: splitTechnologies(p.Technologies),
		}
		if p.Title == "" {
			continue
		}
		maxLen(v, field("projects", i, "title"), "Title", p.Title, maxShort)
		maxLen(v, field("projects", i, "description"), "Description", p.Description, maxLong)
		v.Check(len(p.Technologies) <= maxTechs, field("projects", i, "technologies"), fmt.Sprintf("At most %d technologies", maxTechs))
		for _, t := range p.Technologies {
			v.Check(utf8.RuneCountInString(t) <= maxTechName, field("projects", i, "technologies"),
				fmt.Sprintf("Technologies must be at most %d characters each", maxTechName))
		}
		if p.Link != "" {
			uri, _, err := weblink.Parse(p.Link)
			if v.Check(err == nil && len(uri) <= maxURL, field("projects", i, "link"), "Link must be a URL starting with http:// or https://") {
				p.Link = uri
			}
		}
		out = append(out, p)
	}
	return out
}

// splitTechnologies accepts technologies as a list whose items may themselves be comma
// separated (the form's single "Go, React" input), trimmed, without blanks.
func splitTechnologies(in []string) []string {
	out := []string{}
	for _, item := range in {
		for _, t := range strings.Split(item, ",") {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

func normalizeStartup(in StartupProfile) (StartupProfile, error) {
	p := StartupProfile{
		CompanyName: strings.TrimSpace(in.CompanyName), Industry: strings.TrimSpace(in.Industry),
		CompanyDescription: strings.TrimSpace(in.CompanyDescription), CompanySize: strings.TrimSpace(in.CompanySize),
		ProfilePicture: strings.TrimSpace(in.ProfilePicture), Website: strings.TrimSpace(in.Website),
	}
	var v apperr.Validator
	if p.Website != "" {
		// People type "nimbus.io"; the stored form is a full link the profile can show, at a
		// domain that can verify the company (issuers.CheckWebsite says which cannot, and why).
		uri, _, problem := issuers.CheckWebsite(p.Website)
		if v.Check(problem == "", "website", problem) &&
			v.Check(len(uri) <= maxWebsite, "website", fmt.Sprintf("Website must be at most %d characters", maxWebsite)) {
			p.Website = uri
		}
	}
	if v.Check(p.CompanyName != "", "companyName", "Company name is required") {
		v.Check(utf8.RuneCountInString(p.CompanyName) >= accounts.MinNameLen, "companyName", "Company name must be at least 2 characters")
		maxLen(&v, "companyName", "Company name", p.CompanyName, maxCompany)
	}
	if v.Check(p.Industry != "", "industry", "Industry is required") {
		maxLen(&v, "industry", "Industry", p.Industry, maxCompany)
	}
	maxLen(&v, "companyDescription", "Company description", p.CompanyDescription, maxLong)
	maxLen(&v, "companySize", "Company size", p.CompanySize, maxName)
	checkUpload(&v, "profilePicture", p.ProfilePicture, false)
	return p, v.Err()
}

func validatePasswordChange(current, next, confirm string) error {
	var v apperr.Validator
	v.Check(current != "", "currentPassword", "Current password is required")
	v.Check(len(current) <= 128, "currentPassword", "Current password is incorrect")
	if v.Check(next != "", "newPassword", "Password is required") {
		n := utf8.RuneCountInString(next)
		v.Check(n >= accounts.MinPasswordLen, "newPassword", "Password must be at least 6 characters")
		v.Check(n <= 128, "newPassword", "Password must be at most 128 characters")
		v.Check(next != current, "newPassword", "The new password must differ from the current one")
	}
	if v.Check(confirm != "", "confirmPassword", "Please confirm your password") {
		v.Check(confirm == next, "confirmPassword", "Passwords do not match")
	}
	return v.Err()
}

// SkillKeys turns a skills filter (items may be comma separated) into the lower-cased names
// the skills index holds.
func SkillKeys(skills []string) ([]string, error) {
	keys := []string{}
	for _, s := range splitTechnologies(skills) {
		if utf8.RuneCountInString(s) > maxSkillName {
			return nil, apperr.Field("skills", fmt.Sprintf("Skill names must be at most %d characters", maxSkillName))
		}
		keys = append(keys, strings.ToLower(s))
	}
	if len(keys) > maxFilterTerms {
		return nil, apperr.Field("skills", fmt.Sprintf("Filter by at most %d skills", maxFilterTerms))
	}
	return keys, nil
}

func checkName(v *apperr.Validator, key, label, value string) {
	if v.Check(value != "", key, label+" is required") {
		n := utf8.RuneCountInString(value)
		v.Check(n >= accounts.MinNameLen, key, label+" must be at least 2 characters")
		v.Check(n <= maxName, key, fmt.Sprintf("%s must be at most %d characters", label, maxName))
	}
}

func maxLen(v *apperr.Validator, key, label, value string, max int) {
	v.Check(utf8.RuneCountInString(value) <= max, key, fmt.Sprintf("%s must be at most %d characters", label, max))
}

// Experience dates are months or days of real calendars between these years.
const minExperienceYear = 1950

// maxExperienceYearsAhead allows a role that starts or ends in the next few years (an offer
// accepted, a fixed-term contract), and no typo like 2205.
const maxExperienceYearsAhead = 5

// checkDate accepts "" or a real date YYYY-MM or YYYY-MM-DD (no 2025-02-30) in a sane year, and
// returns it as a time.
func checkDate(v *apperr.Validator, key, value string, now time.Time) (time.Time, bool) {
	if value == "" {
		return time.Time{}, true
	}
	if !v.Check(len(value) <= maxDate && datePattern.MatchString(value), key, "Enter a date like 2025-01") {
		return time.Time{}, false
	}
	layout := time.DateOnly
	if len(value) == len("2006-01") {
		layout = "2006-01"
	}
	d, err := time.Parse(layout, value)
	if !v.Check(err == nil, key, "Enter a real date like 2025-01") {
		return time.Time{}, false
	}
	last := now.Year() + maxExperienceYearsAhead
	return d, v.Check(d.Year() >= minExperienceYear && d.Year() <= last, key,
		fmt.Sprintf("Enter a year between %d and %d", minExperienceYear, last))
}

// checkUpload accepts an empty value or one of our upload URLs; a résumé may also be an outside
// link by weblink's rule, stored in its RFC 3986 form. Anything else (javascript:, data:, other
// paths) could run or mislead in a page. It returns the value to store.
func checkUpload(v *apperr.Validator, key, value string, allowLink bool) string {
	if value == "" {
		return value
	}
	if _, ours := uploads.IDFromURL(value); ours && len(value) <= maxURL {
		return value
	}
	lower := strings.ToLower(value)
	if allowLink && (strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")) {
		uri, _, err := weblink.Parse(value)
		if v.Check(err == nil, key, "Please enter a valid URL starting with http:// or https://") &&
			v.Check(len(uri) <= maxURL, key, "Please upload the file again") {
			return uri
		}
		return value
	}
	v.Check(false, key, "Please upload the file again")
	return value
}

func isLevel(level string) bool { return slices.Contains(accounts.SkillLevels, level) }

func field(list string, i int, name string) string { return fmt.Sprintf("%s.%d.%s", list, i, name) }
