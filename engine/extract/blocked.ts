/**
 * Robot checks, captchas, "access denied" and "page not found" pages (often served with HTTP 200),
 * in the languages shops are read in.
 * They say nothing about the product, so their words ("unavailable", "denied", "not available")
 * must never become out-of-stock.
 */
import { attr, findElements, nameTokens, textOf, type Document } from './dom';

const BLOCKED_TITLE =
  /robot check|captcha|access denied|attention required|just a moment|are you a (?:robot|human)|security check|verify you are (?:a )?human|pardon our interruption|request blocked|unusual traffic|bot (?:check|detection)|zugriff verweigert|accès refusé|einen moment bitte|un instant|un momento|een moment geduld|acceso denegado|accesso negato|toegang geweigerd|dostęp zabroniony|доступ (?:запрещ|огранич)|アクセスが(?:制限|拒否)|访问(?:被拒绝|受限)|접근이 (?:거부|제한)/i;

/** "Not found" pages served with 200; only short pages, so a book titled "… Not Found" is read. */
const NOT_FOUND_TITLE =
  /page not found|^\s*404\b|\b404 error\b|seite nicht gefunden|page introuvable|página no encontrada|pagina non trovata|pagina niet gevonden/i;

const BLOCKED_TEXT =
  /enter the characters you see below|type the characters you see|are you a robot|not a robot|verify (?:that )?you are (?:a )?human|unusual traffic from your (?:computer|network)|access (?:to this page )?(?:has been |is )?denied|checking your browser|press (?:&|and) hold|complete the security check|solve the captcha|captcha|the page you (?:requested|are looking for|were looking for) (?:is not available|could not be found|does not exist|cannot be found)|kein roboter|ungewöhnlichen datenverkehr|pas un robot|trafic inhabituel|no (?:eres|soy) un robot|tráfico inusual|non (?:sei|sono) un robot|traffico insolito|geen robot|ongebruikelijk verkeer|nie jesteś robotem|nietypowy ruch|nejste robot|не робот|необычный трафик|ロボットではない|不是机器人|异常流量|로봇이 아닙니다|비정상적인 트래픽/i;

const CHALLENGE_MARKERS = [
  'g-recaptcha',
  'h-captcha',
  'cf-challenge',
  'cf-turnstile',
  'px-captcha',
];

/** Short pages (a real product page is long) that read or are built like a bot challenge. */
export function isBlockedPage(doc: Document, titleTag: string | null): boolean {
  if (titleTag && BLOCKED_TITLE.test(titleTag)) return true;
  const text = textOf(doc);
  if (text.length > 4_000) return false;
  if ((titleTag && NOT_FOUND_TITLE.test(titleTag)) || BLOCKED_TEXT.test(text)) return true;
  return (
    findElements(
      doc,
      (el) =>
        nameTokens(el).some((t) => CHALLENGE_MARKERS.includes(t)) ||
        /captcha|challenge/i.test(attr(el, 'action') ?? ''),
    ).length > 0
  );
}
