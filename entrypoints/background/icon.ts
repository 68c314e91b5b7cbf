/**
 * The notification icon (Chrome requires one for `basic` notifications): a 48x48 PNG inline, so
 * it needs no file under public/ and no web-accessible resource.
 */
export const NOTIFICATION_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAAkklEQVR42u3aMQ6AMAxD0Z6OlfsfgHOAWFgQUKUgx+Fb6u4nBghpaw+Zp2VVnhaJunQYk7V4F8Sl/CXCGuBW/oQAoAS4lj8QAAAAAHB79lgBepISEEkawEjkgDcCQFl+FAEAgArwRXgCAADwJv4hwP5rtMQ8UGIiKzMT81sFAAB2BKyY2FSyJ66+ra972cPxus0GQyE+FXCRWp0AAAAASUVORK5CYII=';
