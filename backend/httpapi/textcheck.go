package httpapi

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"bridgework/backend/apperr"
	"bridgework/backend/textcheck"
)

// checkText applies textcheck's rule to every string of a decoded request body: struct fields
// by their JSON names, list items by index ("experience.2.title"). A field tagged
// `text:"multiline"` (descriptions and bios, shown only as blocks) may hold direction characters;
// the others may not, messages and notes included (textcheck.Allowed says why).
func checkText(body any) error {
	v := apperr.Validator{}
	walkText(reflect.ValueOf(body), "", false, &v)
	return v.Err()
}

func walkText(val reflect.Value, path string, multiline bool, v *apperr.Validator) {
	switch val.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !val.IsNil() {
			walkText(val.Elem(), path, multiline, v)
		}
	case reflect.String:
		v.Check(textcheck.Allowed(val.String(), multiline), path, textcheck.Message)
	case reflect.Slice, reflect.Array:
		for i := range val.Len() {
			walkText(val.Index(i), joinPath(path, strconv.Itoa(i)), multiline, v)
		}
	case reflect.Struct:
		for i := range val.NumField() {
			f := val.Type().Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue // encoding/json decodes an embedded struct's fields, exported or not
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "":
				walkText(val.Field(i), path, multiline, v)
				continue
			case name == "":
				name = f.Name
			}
			walkText(val.Field(i), joinPath(path, name), f.Tag.Get("text") == "multiline", v)
		}
	}
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// checkQueryText refuses a query whose keys or values break textcheck's rule, before any
// handler reads it; query values are all single-line (search terms, filters, cursors).
func checkQueryText(c *gin.Context) {
	v := apperr.Validator{}
	for key, values := range c.Request.URL.Query() {
		ok := textcheck.Allowed(key, false)
		for _, value := range values {
			ok = ok && textcheck.Allowed(value, false)
		}
		v.Check(ok, key, textcheck.Message)
	}
	if err := v.Err(); err != nil {
		writeError(c, err)
		return
	}
	c.Next()
}
