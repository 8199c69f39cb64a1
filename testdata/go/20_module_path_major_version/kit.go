// Package kit is the module's root package: import path example.com/kit/v2.
package kit

func Version() string { return "2.3.0" }
