"""Every word the web pages show, in English, Simplified and Traditional Chinese.

The trainer's own messages (refusals, rulings, the score) come from the rulebook's labels, as in
the terminal; these are the page's buttons, headings and hints. A test holds every key to three
non-empty texts and the Chinese ones to no English word.
"""

from __future__ import annotations

from collections.abc import Mapping

from dealer.rules.rulebook import Lang

__all__ = ["PAGE_TEXTS", "page_text", "page_texts"]

# key -> (en, zh-Hans, zh-Hant)
_T: dict[str, tuple[str, str, str]] = {
    "app-title": ("Dealer trainer", "发牌员训练", "發牌員訓練"),
    "floor-title": ("Floor desk", "场务台", "場務台"),
    "progress-title": ("Progress", "进度", "進度"),
    "nav-trainer": ("Trainer", "训练", "訓練"),
    "nav-floor": ("Floor desk", "场务台", "場務台"),
    "nav-progress": ("Progress", "进度", "進度"),
    "language": ("Language", "语言", "語言"),
    "trainee": ("Trainee", "学员", "學員"),
    "drill": ("Drill", "练习", "練習"),
    "hands": ("Hands", "手数", "手數"),
    "ruleset": ("Ruleset", "规则集", "規則集"),
    "seed": ("Seed", "种子", "種子"),
    "learn": (
        "Learn mode (show the next step)",
        "学习模式（显示下一步）",
        "學習模式（顯示下一步）",
    ),
    "start": ("Start", "开始", "開始"),
    "end": ("End session", "结束练习", "結束練習"),
    "stub": ("Stub", "牌堆", "牌堆"),
    "burns": ("Burns", "销牌", "銷牌"),
    "muck": ("Muck", "废牌堆", "廢牌堆"),
    "board": ("Board", "公共牌", "公共牌"),
    "flop": ("Flop", "翻牌", "翻牌"),
    "turn": ("Turn", "转牌", "轉牌"),
    "river": ("River", "河牌", "河牌"),
    "set-aside": ("Set aside", "放在一旁", "放在一旁"),
    "scrap": ("Out of play", "作废", "作廢"),
    "main-pot": ("Main pot", "主池", "主池"),
    "side-pot": ("Side pot {n}", "边池 {n}", "邊池 {n}"),
    "pot": ("Pot", "底池", "底池"),
    "button": ("Dealer button", "庄家按钮", "莊家按鈕"),
    "seat": ("Seat {n}", "{n} 号座位", "{n} 號座位"),
    "button-mark": ("D", "庄", "莊"),
    "pos-sb": ("SB", "小盲", "小盲"),
    "pos-bb": ("BB", "大盲", "大盲"),
    "pos-straddle": ("STR", "抓盲", "抓盲"),
    "stack": ("Stack", "筹码", "籌碼"),
    "bet": ("In", "已下注", "已下注"),
    "folded": ("Folded", "已弃牌", "已棄牌"),
    "all-in": ("All-in", "全押", "全押"),
    "to-act": ("To act", "轮到行动", "輪到行動"),
    "cards": ("cards", "张", "張"),
    "commands": ("Dealer steps", "发牌员步骤", "發牌員步驟"),
    "remedy-commands": ("Remedy steps", "补救步骤", "補救步驟"),
    "step-post": ("Post", "下盲注", "下盲注"),
    "step-shuffle": ("Shuffle", "洗牌", "洗牌"),
    "step-cut": ("Cut", "切牌", "切牌"),
    "step-burn": ("Burn", "销牌", "銷牌"),
    "step-showdown": ("Showdown", "摊牌", "攤牌"),
    "step-push": ("Push the pot", "推送底池", "推送底池"),
    "step-move-button": ("Move the button", "移动庄家按钮", "移動莊家按鈕"),
    "step-gather": ("Gather", "收回所有牌", "收回所有牌"),
    "step-replace": ("Replace… (then a seat)", "补发…（再点座位）", "補發…（再點座位）"),
    "step-kill-hand": (
        "Kill hand… (then a seat)",
        "判死手牌…（再点座位）",
        "判死手牌…（再點座位）",
    ),
    "step-scramble": ("Scramble", "混洗翻开的牌", "混洗翻開的牌"),
    "step-choose-burn": ("Choose the burn", "选出销牌", "選出銷牌"),
    "step-correct-button": ("Correct the button", "纠正庄家按钮", "糾正莊家按鈕"),
    "step-void": ("Void the hand", "本手作废", "本手作廢"),
    "step-return-chips": ("Return the chips", "退还筹码", "退還籌碼"),
    "pick-seat": ("Now click a seat.", "请点击座位。", "請點擊座位。"),
    "how-to": (
        "Click a seat to pitch to it, the stub to burn, the board to turn the next board cards.",
        "点击座位发牌给该座，点击牌堆销牌，点击公共牌区翻出下一张公共牌。",
        "點擊座位發牌給該座，點擊牌堆銷牌，點擊公共牌區翻出下一張公共牌。",
    ),
    "keys": (
        "Keys: 1–9, 0 pitch to seat 1–10 · B burn · F flop · T turn · R river · P post · S shuffle"
        " · C cut · D showdown · U push · M move the button · G gather",
        "快捷键：1–9、0 发牌给 1–10 号座位 · B 销牌 · F 翻牌 · T 转牌 · R 河牌 · P 下盲注 · S 洗牌"
        " · C 切牌 · D 摊牌 · U 推送底池 · M 移动庄家按钮 · G 收回所有牌",
        "快捷鍵：1–9、0 發牌給 1–10 號座位 · B 銷牌 · F 翻牌 · T 轉牌 · R 河牌 · P 下盲注 · S 洗牌"
        " · C 切牌 · D 攤牌 · U 推送底池 · M 移動莊家按鈕 · G 收回所有牌",
    ),
    "next-step": ("Next step", "下一步", "下一步"),
    "feedback": ("Feedback", "反馈", "回饋"),
    "refused": ("Refused", "被拒绝", "被拒絕"),
    "accepted": ("Done", "已完成", "已完成"),
    "rule-link": ("Open the ruling", "查看裁定", "查看裁定"),
    "quiz": ("Which ruling applies?", "应适用哪项裁定？", "應適用哪項裁定？"),
    "score": ("Score", "成绩", "成績"),
    "steps-right": ("Steps right", "正确步骤", "正確步驟"),
    "steps-wrong": ("Steps wrong", "错误步骤", "錯誤步驟"),
    "seconds-per-hand": ("Seconds per hand", "每手秒数", "每手秒數"),
    "mistakes-by-rule": ("Mistakes by rule", "按规则统计的错误", "按規則統計的錯誤"),
    "no-mistakes": ("No mistakes.", "没有错误。", "沒有錯誤。"),
    "session-over": ("The session is over.", "练习已结束。", "練習已結束。"),
    "see-progress": ("See the progress", "查看进度", "查看進度"),
    "new-session": ("New session", "再练一次", "再練一次"),
    "search": ("Search", "搜索", "搜尋"),
    "search-hint": (
        "A rule ID or words, in English or Chinese",
        "规则编号或关键词（中文或英文）",
        "規則編號或關鍵詞（中文或英文）",
    ),
    "no-match": ("No ruling matches.", "没有匹配的裁定。", "沒有符合的裁定。"),
    "closest": ("Closest", "最接近的", "最接近的"),
    "see-also": ("See also", "另见", "另見"),
    "top-matches": ("Top matches", "最佳匹配", "最佳匹配"),
    "print": ("Print", "打印", "列印"),
    "sessions": ("Sessions", "练习记录", "練習記錄"),
    "skills": ("Skills", "技能", "技能"),
    "skill": ("Skill", "技能", "技能"),
    "accuracy": ("Accuracy", "正确率", "正確率"),
    "when": ("When", "时间", "時間"),
    "export": ("Export (JSON)", "导出（JSON）", "匯出（JSON）"),
    "no-sessions": ("No sessions yet.", "暂无练习记录。", "暫無練習記錄。"),
    "trainees": ("Trainees", "学员", "學員"),
    "mistakes": ("Mistakes", "错误", "錯誤"),
    "error": ("Error", "错误", "錯誤"),
    "busy": (
        "Too many training sessions are open; try again shortly.",
        "当前练习过多，请稍后再试。",
        "目前練習過多，請稍後再試。",
    ),
    "session-gone": (
        "This session has ended or expired; start a new one.",
        "本次练习已结束或已过期，请重新开始。",
        "本次練習已結束或已過期，請重新開始。",
    ),
    "bad-setup": (
        "Check the trainee's name (1 to 40 letters or digits) and the settings.",
        "请检查学员姓名（1 到 40 个字母或数字）和设置。",
        "請檢查學員姓名（1 到 40 個字母或數字）和設定。",
    ),
    "not-found": ("Not found.", "找不到。", "找不到。"),
    "nav-ask": ("Ask", "询问", "詢問"),
    "ask-title": ("Ask the floor", "请场务裁定", "請場務裁定"),
    "ask-hint": (
        "Pick what happened; the table is dealt to that moment and the ruling given for it.",
        "选择发生的情况；牌局会发到那一刻，并给出该桌的裁定。",
        "選擇發生的情況；牌局會發到那一刻，並給出該桌的裁定。",
    ),
    "situation": ("What happened", "发生的情况", "發生的情況"),
    "players": ("Players", "玩家人数", "玩家人數"),
    "table-number": ("Table", "牌桌编号", "牌桌編號"),
    "moment": ("Which time", "第几次", "第幾次"),
    "ask": ("Ask", "询问", "詢問"),
    "another-table": ("Another table", "换一桌", "換一桌"),
    "no-situation": (
        "This table never reaches that moment; try another table.",
        "这一桌到不了那一刻，请换一桌。",
        "這一桌到不了那一刻，請換一桌。",
    ),
    "slip-exposed": ("A hole card exposed in the deal", "发底牌时牌被翻开", "發底牌時牌被翻開"),
    "slip-extra": ("An extra card after the deal", "发牌结束后多发一张", "發牌結束後多發一張"),
    "slip-flop": ("Premature flop", "翻牌过早", "翻牌過早"),
    "slip-turn": ("Premature turn", "转牌过早", "轉牌過早"),
    "slip-river": ("Premature river", "河牌过早", "河牌過早"),
    "slip-flop-4": ("A four-card flop", "翻牌翻出四张", "翻牌翻出四張"),
    "slip-flop-noburn": ("The flop without a burn", "翻牌前没有销牌", "翻牌前沒有銷牌"),
    "slip-noburn": (
        "The turn or river without a burn",
        "转牌或河牌前没有销牌",
        "轉牌或河牌前沒有銷牌",
    ),
    "slip-burn": ("A second burn", "多销了一张牌", "多銷了一張牌"),
    "slip-boxed": ("A card face up in the stub", "牌堆中有正面朝上的牌", "牌堆中有正面朝上的牌"),
    "on-this-table": ("On this table", "本桌情况", "本桌情況"),
}

PAGE_TEXTS: Mapping[str, tuple[str, str, str]] = _T
_COLUMN = {Lang.EN: 0, Lang.ZH_HANS: 1, Lang.ZH_HANT: 2}


def page_text(key: str, lang: Lang, **fields: object) -> str:
    """The page text ``key`` in ``lang``, filled in.

    >>> page_text("seat", Lang.ZH_HANT, n=3)
    '3 號座位'
    """
    return _T[key][_COLUMN[lang]].format(**fields) if fields else _T[key][_COLUMN[lang]]


def page_texts(lang: Lang) -> dict[str, str]:
    """Every page text in ``lang`` (sent to the page's script once)."""
    return {key: values[_COLUMN[lang]] for key, values in _T.items()}
