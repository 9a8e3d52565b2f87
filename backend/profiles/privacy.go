package profiles

import (
	"bridgework/backend/accounts"
	"bridgework/backend/tasks"
)

// Visibility is which of a person's private fields one viewer may see. Names, pictures, skills
// and the rest of a profile are what people show each other; these are not.
type Visibility struct {
	Email   bool // the sign-in email
	Private bool // phone and college email
	Resume  bool
}

// VisibleTo is the one table of who sees what of whom (docs/security.md, "Privacy"):
//
//	subject ↓  viewer →   self, admin   startup        student        signed out
//	student               everything    email, résumé  nothing        nothing
//	startup               everything    email          email          nothing
//	admin                 everything    nothing        nothing        nothing
//
// A startup reaches the students it may hire (spec: Browse Students shows email and View
// Resume); a student's contact details are never handed to other students, whom the spec
// gives no way to contact, nor to anyone signed out.
func VisibleTo(viewer *accounts.User, subjectID string, subjectType accounts.UserType) Visibility {
	switch {
	case viewer == nil:
		return Visibility{}
	case viewer.ID == subjectID || viewer.Type == accounts.Admin:
		return Visibility{Email: true, Private: true, Resume: true}
	case subjectType == accounts.Student:
		return Visibility{Email: viewer.Type == accounts.Startup, Resume: viewer.Type == accounts.Startup}
	case subjectType == accounts.Startup:
		return Visibility{Email: true}
	}
	return Visibility{}
}

// CanBrowseUsersOf: a student lists startups (Networking, chat) but never other students; a
// startup lists students to hire and other startups; the admin lists everyone.
func CanBrowseUsersOf(viewer *accounts.User, t accounts.UserType) bool {
	return viewer != nil && (viewer.Type != accounts.Student || t != accounts.Student)
}

// ResumeLinks turns a stored résumé into a link the viewer's browser can open without a token.
type ResumeLinks interface {
	Sign(stored string) string
}

// Privacy applies VisibleTo to what the API returns about people. Every handler that shows a
// user or a person passes it through here.
type Privacy struct {
	Links ResumeLinks
}

// ShowUser returns a copy of u with what viewer may not see blanked, and a résumé stored with us
// turned into a signed link.
func (p Privacy) ShowUser(viewer, u *accounts.User) *accounts.User {
	v := VisibleTo(viewer, u.ID, u.Type)
	out := *u
	if !v.Email {
		out.Email = ""
	}
	if !v.Private {
		out.Phone, out.CollegeEmail = "", ""
	}
	out.Resume = ""
	if v.Resume {
		out.Resume = p.Links.Sign(u.Resume)
	}
	return &out
}

// ShowPerson returns a copy of person with what viewer may not see blanked (people on tasks carry a
// name, a picture and an email only).
func ShowPerson(viewer *accounts.User, person *tasks.Person) *tasks.Person {
	if person == nil {
		return nil
	}
	out := *person
	if !VisibleTo(viewer, person.ID, person.Type).Email {
		out.Email = ""
	}
	return &out
}
