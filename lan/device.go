package lan

import "strings"

// deviceLabel is what a phone's browser says it is, short enough for the
// big screen beside a request for a freed seat: the kind of device and the
// browser ("iPhone · Safari", "Android · Chrome"), "" when the User-Agent
// names nothing known. It helps the host see whose phone asks; it proves
// nothing (a browser may say anything), which is what the phone code is
// for.
func deviceLabel(ua string) string {
	has := func(s string) bool { return strings.Contains(ua, s) }
	var dev string
	switch {
	case has("iPhone"):
		dev = "iPhone"
	case has("iPad"):
		dev = "iPad"
	case has("Android"):
		dev = "Android"
		if has("HarmonyOS") {
			dev = "HarmonyOS"
		}
	case has("HarmonyOS"), has("OpenHarmony"):
		dev = "HarmonyOS"
	case has("Windows"):
		dev = "Windows"
	case has("Macintosh"), has("Mac OS X"):
		dev = "Mac"
	case has("CrOS"):
		dev = "Chromebook"
	case has("Linux"):
		dev = "Linux"
	}
	// The browser's switch has the device's shape: two tables of the
	// names user agents carry.
	var browser string
	switch {
	case has("MicroMessenger"):
		browser = "WeChat"
	case has("QQBrowser"), has("MQQBrowser"):
		browser = "QQ"
	case has("UCBrowser"):
		browser = "UC"
	case has("HuaweiBrowser"):
		browser = "Huawei"
	case has("MiuiBrowser"):
		browser = "Xiaomi"
	case has("SamsungBrowser"):
		browser = "Samsung"
	case has("EdgiOS"), has("EdgA"), has("Edg/"):
		browser = "Edge"
	case has("OPR/"), has("OPiOS"):
		browser = "Opera"
	case has("FxiOS"), has("Firefox/"):
		browser = "Firefox"
	case has("CriOS"), has("Chrome/"), has("Chromium/"):
		browser = "Chrome"
	case has("Safari/"):
		browser = "Safari"
	}
	switch {
	case dev != "" && browser != "":
		return dev + " · " + browser
	case dev != "":
		return dev
	}
	return browser
}
