package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
)

// statusOf is the one table from error codes to HTTP statuses.
var statusOf = map[apperr.Code]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthorized:    http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.Gone:            http.StatusGone,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.UnsupportedType: http.StatusUnsupportedMediaType,
	apperr.Throttled:       http.StatusTooManyRequests,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.Internal:        http.StatusInternalServerError,
}

// errorBody is the one error shape every endpoint answers with.
type errorBody struct {
	Message string `json:"message"`
	// Error repeats Message: the spec's client reads the text from "error" (section 7).
	Error  string            `json:"error"`
	Code   apperr.Code       `json:"code"`
	Fields map[string]string `json:"fields,omitempty"`
}

// statusClientClosed is nginx's status for a request whose client went away before the answer.
const statusClientClosed = 499

// writeError answers with err. Errors that are not *apperr.Error are logged with the request id
// and shown only as "Internal error.", so no internals ever reach a client. A request cancelled
// because its client went away (a closed tab, a load balancer's timeout) is no server error: it
// is answered 499, which nobody reads, and logged by the request line alone.
func writeError(c *gin.Context, err error) {
	if errors.Is(err, context.Canceled) && c.Request.Context().Err() != nil {
		c.AbortWithStatus(statusClientClosed)
		return
	}
	var e *apperr.Error
	if !errors.As(err, &e) {
		slog.ErrorContext(c.Request.Context(), "internal error", "err", err, "request_id", requestID(c), "route", c.FullPath())
		e = apperr.New(apperr.Internal, "Internal error.")
	}
	if e.RetryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	c.AbortWithStatusJSON(status, errorBody{Message: e.Message, Error: e.Message, Code: e.Code, Fields: e.Fields})
}

// handlerFunc is a handler as this package writes one: it answers success itself and returns
// its error, which handle turns into the answer.
type handlerFunc func(c *gin.Context) error

// handle adapts h to gin. It is the one place a handler's error becomes a response (writeError).
func handle(h handlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := h(c); err != nil {
			writeError(c, err)
		}
	}
}

// maxJSONBody bounds request bodies. It is above the 1 MB that a single oversized field may reach,
// so such a field is refused by its own length rule (400 with a field message) rather than 413.
const maxJSONBody = 2 << 20

// readJSON decodes the request body into dst; its error is the 400 (or 413) to answer.
// Unknown fields are ignored: the client may send more than an endpoint reads, and fields a
// caller may not set (userType, isVerified, ownership, status) simply have no place in dst.
func readJSON(c *gin.Context, dst any) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	return decodeBody(body, dst)
}

// readBody reads the request's body, at most maxJSONBody bytes.
func readBody(c *gin.Context) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, apperr.New(apperr.TooLarge, "Request body is too large.")
	case err != nil:
		return nil, apperr.New(apperr.Invalid, "Request body could not be read.")
	}
	return body, nil
}

// decodeBody is readJSON's decoding and text check of a body already read.
func decodeBody(body []byte, dst any) error {
	if len(strings.TrimSpace(string(body))) == 0 {
		body = []byte("{}")
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return jsonError(err)
	}
	return checkText(dst)
}

func jsonError(err error) *apperr.Error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		msg := typeErr.Field + " must be a " + jsonKind(typeErr.Type.Kind().String())
		return &apperr.Error{Code: apperr.Invalid, Message: msg, Fields: map[string]string{typeErr.Field: msg}}
	}
	return apperr.New(apperr.Invalid, "Request body is not valid JSON.")
}

// jsonKind names a Go kind the way a JSON client thinks of it.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "struct", "map":
		return "object"
	}
	return "number"
}
