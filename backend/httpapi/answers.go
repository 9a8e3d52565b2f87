package httpapi

// The answers more than one handler gives. Each answer struct's fields are in the alphabetical
// order of their keys: the order the answers had when they were maps, so they stay byte for byte
// what clients have always read.

// messageJSON is an answer that only says what happened.
type messageJSON struct {
	Message string `json:"message"`
}

// studentStatsJSON is a student dashboard's cards, the student's own and the admin's view of it.
type studentStatsJSON struct {
	ActiveTasks  int `json:"activeTasks"`
	Certificates int `json:"certificates"`
	Completed    int `json:"completed"`
}

// startupStatsJSON is a startup dashboard's stat cards, the startup's own and the admin's view.
type startupStatsJSON struct {
	ActiveTasks     int `json:"activeTasks"`
	StudentsHired   int `json:"studentsHired"`
	StudentsWorking int `json:"studentsWorking"`
}
