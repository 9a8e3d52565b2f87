package httpapi

import (
	"github.com/gin-gonic/gin"

	"bridgework/backend/accounts"
	"bridgework/backend/uploads"
)

// access is who may call a route. authenticate applies it, and is the one place that answers
// 401 without a valid token and 403 to a user of the wrong type: services check only what
// depends on the object or the request (whose task, whose profile, which role a list asks for).
type access int

const (
	public   access = iota // no token needed
	signedIn               // any user type
	students
	startups
	members // students and startups: the marketplace's two sides, not the admin
	admins
)

// admits reports whether a signed-in user of type t may call a route of this access.
func (a access) admits(t accounts.UserType) bool {
	switch a {
	case students:
		return t == accounts.Student
	case startups:
		return t == accounts.Startup
	case members:
		return t == accounts.Student || t == accounts.Startup
	case admins:
		return t == accounts.Admin
	}
	return true
}

// route is one row of the API: a method and a path under /api, who may call it, its handler.
type route struct {
	method, path string
	access       access
	handle       handlerFunc
}

// routes is every route under /api. A handler lives in the file named by its path's first
// segment (/startup/* in startup.go, its own work, /startup/tasks/* and /startup/submissions, in
// startup_tasks.go; a student's saved searches in student_searches.go); the one-segment sign-in routes share accounts.go, the
// bell that both dashboards serve is notifications.go, and a mail's unsubscribe link unsubscribe.go.
func (s *Server) routes() []route {
	return []route{
		{"POST", "/register", public, s.register},
		{"POST", "/login", public, s.login},
		{"POST", "/logout", signedIn, s.logout},
		{"POST", "/forgot-password", public, s.forgotPassword},
		{"POST", "/unsubscribe", public, s.unsubscribe},
		{"POST", "/reset-password", public, s.resetPassword},

		{"POST", "/admin/create-default-admin", public, s.createDefaultAdmin},
		{"GET", "/admin/stats", admins, s.adminTotals},
		{"GET", "/admin/activity", admins, s.adminActivity},
		{"GET", "/admin/students", admins, s.adminUsers(accounts.Student)},
		{"GET", "/admin/startups", admins, s.adminUsers(accounts.Startup)},
		{"GET", "/admin/dashboard/student/:id", admins, s.adminStudent},
		{"GET", "/admin/dashboard/startup/:id", admins, s.adminStartup},
		{"GET", "/admin/help-requests", admins, s.adminHelpRequests},
		{"GET", "/admin/audit", admins, s.adminAudit},
		{"GET", "/admin/audit/verify", admins, s.adminAuditVerify},
		{"GET", "/admin/ledger", admins, s.ledgerBalances},
		{"GET", "/admin/ledger/check", admins, s.ledgerCheck},

		// Anyone holding a certificate number (printed, and in the QR code) may check it, and take
		// its credential and badge; anyone may verify a credential.
		{"GET", "/certificates/verify/:number", public, s.verifyCertificate},
		{"GET", "/certificates/:number/credential", public, s.certificateCredential},
		{"GET", "/certificates/:number/badge.png", public, s.certificateBadge},
		{"POST", "/credentials/verify", public, s.verifyCredential},

		{"GET", "/chat/conversations", members, s.chatConversations},
		{"GET", "/chat/partners", members, s.chatPartners},
		{"POST", "/chat/send", members, s.sendMessage},
		{"POST", "/chat/read-all", members, s.markAllChatRead},
		{"GET", "/chat/:userId", members, s.chatThread},
		{"POST", "/chat/:userId/read", members, s.markChatRead},

		// <img> tags and résumé links cannot send a bearer token (serveFile).
		{"GET", "/files/:id", public, s.serveFile},

		{"POST", "/help", public, s.submitHelpRequest},

		{"GET", "/me", signedIn, s.me},
		// The admin's password comes from configuration.
		{"POST", "/me/password", members, s.changePassword},
		{"GET", "/me/security-events", signedIn, s.mySecurityEvents},
		{"GET", "/me/ratings", members, s.myRatings},
		{"GET", "/me/notification-settings", signedIn, s.notificationSettings},
		{"PUT", "/me/notification-settings", signedIn, s.saveNotificationSettings},

		{"GET", "/openapi.json", public, serveOpenAPI},

		// What approved paid work owes its student: a student's, a startup's, the admin's (read-only).
		{"GET", "/payments", signedIn, s.listPayments},
		{"GET", "/payments/:id", signedIn, s.payment},
		{"GET", "/payments/:id/receipt", signedIn, s.paymentReceipt},
		{"POST", "/payments/:id/sent", startups, s.markPaymentSent},
		{"POST", "/payments/:id/received", students, s.confirmPaymentReceived},
		{"POST", "/payments/:id/not-received", students, s.reportPaymentNotReceived},
		// Which provider pays, for the SPA's buttons; Stripe's webhook signs its events instead.
		{"GET", "/payments/provider", public, s.paymentProvider},
		{"POST", "/payments/stripe/webhook", public, s.stripeWebhook},

		// Each side of approved work rates the other; only the rated startup answers.
		{"POST", "/ratings", members, s.giveRating},
		{"PUT", "/ratings/:id", members, s.editRating},
		{"POST", "/ratings/:id/answer", startups, s.answerRating},

		{"GET", "/sessions", signedIn, s.listSessions},
		{"DELETE", "/sessions/:id", signedIn, s.endSession},
		{"POST", "/sessions/end-all", signedIn, s.endAllSessions},

		// Students see the startups on their dashboard (Networking), so every role may list them
		// and open a startup's page.
		{"GET", "/startup/all", signedIn, s.allStartups},
		{"GET", "/startup/:id", signedIn, s.startupPage},
		{"PUT", "/startup/profile", startups, s.saveStartupProfile},
		{"POST", "/startup/tasks", startups, s.postTask},
		{"GET", "/startup/tasks", startups, s.startupTasks},
		{"GET", "/startup/tasks/counts", startups, s.startupTaskCounts},
		{"GET", "/startup/tasks/:id", startups, s.startupTask},
		{"GET", "/startup/tasks/:id/matches", startups, s.taskMatches},
		{"GET", "/startup/matches", startups, s.draftMatches},
		{"PUT", "/startup/tasks/:id", startups, s.editTask},
		{"DELETE", "/startup/tasks/:id", startups, s.withdrawTask},
		{"POST", "/startup/tasks/:id/close", startups, s.closeTask},
		{"POST", "/startup/tasks/:id/repost", startups, s.repostTask},
		{"POST", "/startup/tasks/:id/review", startups, s.reviewSubmission},
		{"POST", "/startup/tasks/:id/approve", startups, s.decideSubmission},
		{"POST", "/startup/tasks/:id/reject", startups, s.rejectSubmission},
		{"POST", "/startup/tasks/:id/request-changes", startups, s.requestChanges},
		{"POST", "/startup/tasks/:id/funding", startups, s.fundTask},
		{"GET", "/startup/submissions", startups, s.startupSubmissions},
		{"GET", "/startup/dashboard", startups, s.startupDashboard},
		{"GET", "/startup/students", startups, s.listStudents},
		{"GET", "/startup/students/:id", startups, s.studentForStartup},
		{"POST", "/startup/verification", startups, s.requestVerification},
		{"POST", "/startup/verification/confirm", startups, s.confirmVerification},
		{"GET", "/startup/notifications", startups, s.notifications},
		{"PATCH", "/startup/notifications/:id/read", startups, s.markNotificationRead},

		{"GET", "/student/profile", students, s.studentProfile},
		{"POST", "/student/profile", students, s.addStudentProfile},
		// The spec's client saves every profile here, a startup's company form included.
		{"PUT", "/student/profile", members, s.saveProfile},
		{"POST", "/student/tasks/:id/submit-link", students, s.submitLink},
		{"GET", "/student/recommended", students, s.recommended},
		{"GET", "/student/saved-searches", students, s.savedSearches},
		{"POST", "/student/saved-searches", students, s.saveSearch},
		{"DELETE", "/student/saved-searches/:id", students, s.deleteSavedSearch},
		// Every role: the spec's client asks both of the admin and startups too.
		{"GET", "/student/tasks/all", signedIn, s.studentTasks},
		{"GET", "/student/dashboard", signedIn, s.studentDashboard},
		{"GET", "/student/certificates", students, s.myCertificates},
		{"GET", "/student/certificates/:id/download", students, s.downloadCertificate},
		{"GET", "/student/badges-certificates", students, s.badgesAndCertificates},
		{"GET", "/student/notifications", students, s.notifications},
		{"GET", "/student/payouts", students, s.studentPayouts},
		{"POST", "/student/payouts/onboarding", students, s.payoutsOnboarding},
		{"PATCH", "/student/notifications/:id/read", students, s.markNotificationRead},

		// The open market, read-only, for anyone signed in or not.
		{"GET", "/tasks", public, s.openTasks},
		{"GET", "/currency-rates", public, s.currencyRates},
		// One task's page: public for listed tasks, a signed-in viewer's token shows more (taskPage).
		{"GET", "/tasks/:id", public, s.taskPage},

		{"POST", "/uploads/avatar", members, s.upload(uploads.Avatar, "avatar")},
		{"POST", "/uploads/resume", students, s.upload(uploads.Resume, "resume")},
		{"POST", "/uploads/task-image", startups, s.upload(uploads.TaskImage, "image")},
		// Files for a message; the admin has no chat (chat.CanChat).
		{"POST", "/uploads/chat", members, s.upload(uploads.Chat, "file")},

		{"GET", "/users", signedIn, s.listUsers},
		{"GET", "/users/:id", signedIn, s.userByID},
		{"GET", "/users/:id/ratings", signedIn, s.userRatings},

		// The socket authenticates with its first frame (realtime), never with a header.
		{"GET", "/ws", public, s.serveWebsocket},
	}
}

// mountRoutes adds every route to api, each behind authenticate unless it is public.
func (s *Server) mountRoutes(api *gin.RouterGroup) {
	for _, r := range s.routes() {
		if r.access == public {
			api.Handle(r.method, r.path, handle(r.handle))
			continue
		}
		api.Handle(r.method, r.path, s.authenticate(r.access), handle(r.handle))
	}
}
