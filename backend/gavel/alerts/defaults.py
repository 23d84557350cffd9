"""The default template of every event on every channel, in English and Arabic.

Migration 0016 writes them (and switches every event on, on every channel) so that a fresh install and the
tests have them; staff then edit them under Alerts. Pure data: a migration imports this module, so it imports
nothing of the app. A text changed here reaches existing installations only through a new migration.

SMS texts keep to the GSM alphabet in English (160 characters a segment); Arabic is sent as UCS-2 (70).
WhatsApp texts are the bodies of the approved templates named `whatsapp_template_name` (Meta requires an
approved template for a business-initiated message); their variables are passed in the order Jinja reads them.
"""

from typing import TypedDict


class Texts(TypedDict):
    name: str
    subject: tuple[str, str]  # email subject: English, Arabic
    sms: tuple[str, str]
    whatsapp: tuple[str, str]
    email: tuple[str, str]  # the paragraphs between the greeting and the signature


B = "{{ business.name }}"
LOT_EN = "{{ vehicle.title }} (Lot {{ vehicle.lot }})"
LOT_AR = "{{ vehicle.title }} (رقم اللوت {{ vehicle.lot }})"

EMAIL_EN = "Dear {{ member.fullName }},\n\n<TEXT>\n\nKind regards,\n{{ business.name }}"
EMAIL_AR = "مرحباً {{ member.fullName }}،\n\n<TEXT>\n\nمع أطيب التحيات،\n{{ business.name }}"
CONTACT_EN = "{% if business.phone %} on {{ business.phone }}{% endif %}"
CONTACT_AR = "{% if business.phone %} على الرقم {{ business.phone }}{% endif %}"

EVENTS: dict[str, Texts] = {
    "memberApproved": {
        "name": "Member approved",
        "subject": ("Your registration is approved", "تمت الموافقة على تسجيلك"),
        "sms": (
            f"{B}: Hello {{{{ member.firstName }}}}, your registration has been approved. You can now take part "
            "in our auctions.",
            f"{B}: مرحباً {{{{ member.firstName }}}}، تمت الموافقة على تسجيلك. يمكنك الآن المشاركة في مزاداتنا.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, your registration with {B} has been approved. You can now take "
            "part in our auctions.",
            f"مرحباً {{{{ member.firstName }}}}، تمت الموافقة على تسجيلك لدى {B}. يمكنك الآن المشاركة في "
            "مزاداتنا.",
        ),
        "email": (
            f"Welcome to {B}: your registration has been approved and you can now take part in our auctions.",
            f"أهلاً بك في {B}: تمت الموافقة على تسجيلك ويمكنك الآن المشاركة في مزاداتنا.",
        ),
    },
    "memberRejected": {
        "name": "Member rejected",
        "subject": ("About your registration", "بخصوص تسجيلك"),
        "sms": (
            f"{B}: Hello {{{{ member.firstName }}}}, we could not approve your registration: {{{{ reason }}}}. "
            "Please contact us for help.",
            f"{B}: مرحباً {{{{ member.firstName }}}}، لم نتمكن من الموافقة على تسجيلك: {{{{ reason }}}}. "
            "يرجى التواصل معنا للمساعدة.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, we could not approve your registration with {B}: "
            "{{ reason }}. Please contact us and we will be glad to help.",
            f"مرحباً {{{{ member.firstName }}}}، لم نتمكن من الموافقة على تسجيلك لدى {B}: {{{{ reason }}}}. "
            "يرجى التواصل معنا ويسعدنا مساعدتك.",
        ),
        "email": (
            f"We could not approve your registration with {B} for this reason:\n\n{{{{ reason }}}}\n\n"
            f"Please update your details or contact us{CONTACT_EN} and we will be glad to help.",
            f"لم نتمكن من الموافقة على تسجيلك لدى {B} للسبب التالي:\n\n{{{{ reason }}}}\n\n"
            f"يرجى تحديث بياناتك أو التواصل معنا{CONTACT_AR} ويسعدنا مساعدتك.",
        ),
    },
    "vehicleApproved": {
        "name": "Vehicle approved",
        "subject": (
            "Lot {{ vehicle.lot }} is approved for auction",
            "الموافقة على مركبتك للمزاد: رقم اللوت {{ vehicle.lot }}",
        ),
        "sms": (
            f"{B}: Your vehicle {LOT_EN} has been approved and will be offered in an upcoming auction.",
            f"{B}: تمت الموافقة على مركبتك {LOT_AR} وستُعرض في مزاد قادم.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, your vehicle {LOT_EN} has been approved and will be offered in "
            "an upcoming auction.",
            f"مرحباً {{{{ member.firstName }}}}، تمت الموافقة على مركبتك {LOT_AR} وستُعرض في مزاد قادم.",
        ),
        "email": (
            f"Your vehicle {LOT_EN}, VIN {{{{ vehicle.vin }}}}, has passed our review and will be offered in "
            "an upcoming auction. We will let you know as soon as it is sold.",
            f"اجتازت مركبتك {LOT_AR}، رقم الهيكل {{{{ vehicle.vin }}}}، مرحلة المراجعة وستُعرض في مزاد قادم. "
            "سنبلغك فور بيعها.",
        ),
    },
    "vehicleRejected": {
        "name": "Vehicle rejected",
        "subject": ("About your vehicle, Lot {{ vehicle.lot }}", "بخصوص مركبتك، رقم اللوت {{ vehicle.lot }}"),
        "sms": (
            f"{B}: We could not approve your vehicle {LOT_EN}: {{{{ reason }}}}. Please contact us.",
            f"{B}: لم نتمكن من الموافقة على مركبتك {LOT_AR}: {{{{ reason }}}}. يرجى التواصل معنا.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, we could not approve your vehicle {LOT_EN}: {{{{ reason }}}}. "
            "Please contact us and we will be glad to help.",
            f"مرحباً {{{{ member.firstName }}}}، لم نتمكن من الموافقة على مركبتك {LOT_AR}: {{{{ reason }}}}. "
            "يرجى التواصل معنا ويسعدنا مساعدتك.",
        ),
        "email": (
            f"We could not approve your vehicle {LOT_EN}, VIN {{{{ vehicle.vin }}}}, for this reason:\n\n"
            f"{{{{ reason }}}}\n\nPlease contact us{CONTACT_EN} to put it right.",
            f"لم نتمكن من الموافقة على مركبتك {LOT_AR}، رقم الهيكل {{{{ vehicle.vin }}}}، للسبب التالي:\n\n"
            f"{{{{ reason }}}}\n\nيرجى التواصل معنا{CONTACT_AR} لتصحيح ذلك.",
        ),
    },
    "vehicleSold": {
        "name": "Vehicle sold (seller)",
        "subject": ("Lot {{ vehicle.lot }} is sold", "تم بيع مركبتك، رقم اللوت {{ vehicle.lot }}"),
        "sms": (
            f"{B}: Good news! Your vehicle {LOT_EN} sold for {{{{ sale.price }}}} on {{{{ sale.date }}}}. "
            "We pay you once the buyer has paid.",
            f"{B}: أخبار سارة! بيعت مركبتك {LOT_AR} بمبلغ {{{{ sale.price }}}} بتاريخ {{{{ sale.date }}}}. "
            "سنحوّل لك المبلغ بعد سداد المشتري.",
        ),
        "whatsapp": (
            f"Good news, {{{{ member.firstName }}}}! Your vehicle {LOT_EN} sold for {{{{ sale.price }}}} on "
            "{{ sale.date }}. We pay you once the buyer has paid.",
            f"أخبار سارة يا {{{{ member.firstName }}}}! بيعت مركبتك {LOT_AR} بمبلغ {{{{ sale.price }}}} "
            "بتاريخ {{ sale.date }}. سنحوّل لك المبلغ بعد سداد المشتري.",
        ),
        "email": (
            f"Good news: your vehicle {LOT_EN} sold at auction on {{{{ sale.date }}}} for "
            "{{ sale.price }}.\n\nOnce the buyer has paid, we send you your settlement statement and pay you "
            "the price less our fees.",
            f"أخبار سارة: بيعت مركبتك {LOT_AR} في المزاد بتاريخ {{{{ sale.date }}}} بمبلغ "
            "{{ sale.price }}.\n\nبعد سداد المشتري، سنرسل إليك كشف التسوية ونحوّل لك المبلغ بعد خصم رسومنا.",
        ),
    },
    "invoiceIssued": {
        "name": "Invoice issued (buyer)",
        "subject": (
            "Tax invoice {{ invoice.number }} for Lot {{ vehicle.lot }}",
            "الفاتورة الضريبية {{ invoice.number }} لرقم اللوت {{ vehicle.lot }}",
        ),
        "sms": (
            f"{B}: Congratulations on winning {LOT_EN}. Invoice {{{{ invoice.number }}}}: "
            "{{ invoice.total }}, due by {{ invoice.dueDate }} {{ invoice.dueTime }}.",
            f"{B}: مبروك فوزك بـ {LOT_AR}. الفاتورة {{{{ invoice.number }}}}: {{{{ invoice.total }}}}، "
            "تستحق السداد قبل {{ invoice.dueDate }} {{ invoice.dueTime }}.",
        ),
        "whatsapp": (
            f"Congratulations, {{{{ member.firstName }}}}! You won {LOT_EN}. Invoice {{{{ invoice.number }}}} "
            "of {{ invoice.total }} is due by {{ invoice.dueDate }} {{ invoice.dueTime }}.",
            f"مبروك يا {{{{ member.firstName }}}}! فزت بـ {LOT_AR}. الفاتورة {{{{ invoice.number }}}} "
            "بمبلغ {{ invoice.total }} تستحق السداد قبل {{ invoice.dueDate }} {{ invoice.dueTime }}.",
        ),
        "email": (
            f"Congratulations on winning {LOT_EN}, VIN {{{{ vehicle.vin }}}}.\n\nYour tax invoice "
            "{{ invoice.number }} of {{ invoice.total }} is attached. Please pay it by {{ invoice.dueDate }} "
            "{{ invoice.dueTime }} (Dubai time) to avoid a late fee; storage is charged after the free days.",
            f"مبروك فوزك بـ {LOT_AR}، رقم الهيكل {{{{ vehicle.vin }}}}.\n\nمرفق الفاتورة الضريبية "
            "{{ invoice.number }} بمبلغ {{ invoice.total }}. يرجى سدادها قبل {{ invoice.dueDate }} "
            "{{ invoice.dueTime }} (بتوقيت دبي) لتجنب رسوم التأخير، وتُحتسب رسوم التخزين بعد انتهاء الأيام "
            "المجانية.",
        ),
    },
    "paymentDue": {
        "name": "Payment due tomorrow",
        "subject": (
            "Reminder: invoice {{ invoice.number }} is due {{ invoice.dueDate }}",
            "تذكير: موعد سداد الفاتورة {{ invoice.number }} هو {{ invoice.dueDate }}",
        ),
        "sms": (
            f"{B}: Reminder: invoice {{{{ invoice.number }}}} has {{{{ invoice.amountDue }}}} to pay by "
            "{{ invoice.dueDate }} {{ invoice.dueTime }}. Please pay on time to avoid a late fee.",
            f"{B}: تذكير: يتبقى على الفاتورة {{{{ invoice.number }}}} مبلغ {{{{ invoice.amountDue }}}} يجب "
            "سداده قبل {{ invoice.dueDate }} {{ invoice.dueTime }}. يرجى السداد في الموعد لتجنب رسوم التأخير.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, a reminder from {B}: invoice {{{{ invoice.number }}}} has "
            "{{ invoice.amountDue }} to pay by {{ invoice.dueDate }} {{ invoice.dueTime }}.",
            f"مرحباً {{{{ member.firstName }}}}، تذكير من {B}: يتبقى على الفاتورة {{{{ invoice.number }}}} "
            "مبلغ {{ invoice.amountDue }} يجب سداده قبل {{ invoice.dueDate }} {{ invoice.dueTime }}.",
        ),
        "email": (
            "This is a friendly reminder that invoice {{ invoice.number }}"
            "{% if vehicle.lot %} for Lot {{ vehicle.lot }}{% endif %} has {{ invoice.amountDue }} left to pay "
            "by {{ invoice.dueDate }} {{ invoice.dueTime }} (Dubai time).\n\nPlease pay on time to avoid a "
            "late fee. If you have already paid, thank you, and please ignore this message.",
            "نود تذكيرك بأن الفاتورة {{ invoice.number }}"
            "{% if vehicle.lot %} لرقم اللوت {{ vehicle.lot }}{% endif %} يتبقى عليها مبلغ "
            "{{ invoice.amountDue }} يجب سداده قبل {{ invoice.dueDate }} {{ invoice.dueTime }} (بتوقيت دبي)."
            "\n\nيرجى السداد في الموعد لتجنب رسوم التأخير. إذا كنت قد سددت المبلغ فشكراً لك، ويرجى تجاهل هذه "
            "الرسالة.",
        ),
    },
    "invoiceOverdue": {
        "name": "Invoice overdue",
        "subject": ("Invoice {{ invoice.number }} is overdue", "الفاتورة {{ invoice.number }} متأخرة السداد"),
        "sms": (
            f"{B}: Invoice {{{{ invoice.number }}}} is overdue since {{{{ invoice.dueDate }}}}: "
            "{{ invoice.amountDue }} to pay. Please pay now; late fees and storage may apply.",
            f"{B}: الفاتورة {{{{ invoice.number }}}} متأخرة السداد منذ {{{{ invoice.dueDate }}}}، والمبلغ "
            "المستحق {{ invoice.amountDue }}. يرجى السداد فوراً؛ قد تُطبق رسوم التأخير والتخزين.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, invoice {{{{ invoice.number }}}} from {B} is overdue since "
            "{{ invoice.dueDate }}: {{ invoice.amountDue }} to pay. Please pay now; late fees and storage may "
            "apply.",
            f"مرحباً {{{{ member.firstName }}}}، الفاتورة {{{{ invoice.number }}}} من {B} متأخرة السداد منذ "
            "{{ invoice.dueDate }}، والمبلغ المستحق {{ invoice.amountDue }}. يرجى السداد فوراً؛ قد تُطبق رسوم "
            "التأخير والتخزين.",
        ),
        "email": (
            "Invoice {{ invoice.number }}{% if vehicle.lot %} for Lot {{ vehicle.lot }}{% endif %} was due on "
            "{{ invoice.dueDate }} and {{ invoice.amountDue }} is still to pay.\n\nPlease pay it now: a late "
            "fee and storage days may be added, and your buying power stays on hold until it is paid.",
            "كان موعد سداد الفاتورة {{ invoice.number }}{% if vehicle.lot %} لرقم اللوت {{ vehicle.lot }}"
            "{% endif %} في {{ invoice.dueDate }} ولا يزال المبلغ المستحق {{ invoice.amountDue }}.\n\nيرجى "
            "السداد فوراً: قد تُضاف رسوم التأخير وأيام التخزين، وتبقى قدرتك الشرائية معلقة حتى السداد.",
        ),
    },
    "paymentVerified": {
        "name": "Payment received",
        "subject": (
            "Payment received for invoice {{ invoice.number }}",
            "استلمنا دفعتك للفاتورة {{ invoice.number }}",
        ),
        "sms": (
            f"{B}: We received your payment of {{{{ payment.amount }}}} ({{{{ payment.transactionId }}}}) for "
            "invoice {{ invoice.number }}. {% if invoice.paidInFull %}It is now paid in full.{% else %}"
            "Still to pay: {{ invoice.amountDue }}.{% endif %}",
            f"{B}: استلمنا دفعتك بمبلغ {{{{ payment.amount }}}} ({{{{ payment.transactionId }}}}) للفاتورة "
            "{{ invoice.number }}. {% if invoice.paidInFull %}تم سداد الفاتورة بالكامل.{% else %}"
            "المبلغ المتبقي: {{ invoice.amountDue }}.{% endif %}",
        ),
        "whatsapp": (
            "Thank you, {{ member.firstName }}! We received your payment of {{ payment.amount }} for "
            "invoice {{ invoice.number }}. {% if invoice.paidInFull %}It is now paid in full.{% else %}"
            "Still to pay: {{ invoice.amountDue }}.{% endif %}",
            "شكراً لك يا {{ member.firstName }}! استلمنا دفعتك بمبلغ {{ payment.amount }} للفاتورة "
            "{{ invoice.number }}. {% if invoice.paidInFull %}تم سداد الفاتورة بالكامل.{% else %}"
            "المبلغ المتبقي: {{ invoice.amountDue }}.{% endif %}",
        ),
        "email": (
            "Thank you: we received your payment {{ payment.transactionId }} of {{ payment.amount }} by "
            "{{ payment.method }} on {{ payment.date }} for invoice {{ invoice.number }}.\n\n"
            "{% if invoice.paidInFull %}The invoice is now paid in full.{% else %}Still to pay on this invoice: "
            "{{ invoice.amountDue }}.{% endif %}",
            "شكراً لك: استلمنا دفعتك {{ payment.transactionId }} بمبلغ {{ payment.amount }} عن طريق "
            "{{ payment.method }} بتاريخ {{ payment.date }} للفاتورة {{ invoice.number }}.\n\n"
            "{% if invoice.paidInFull %}تم سداد الفاتورة بالكامل.{% else %}المبلغ المتبقي على هذه الفاتورة: "
            "{{ invoice.amountDue }}.{% endif %}",
        ),
    },
    "gatePassIssued": {
        "name": "Gate pass ready",
        "subject": (
            "Your gate pass for Lot {{ vehicle.lot }}",
            "تصريح الخروج لرقم اللوت {{ vehicle.lot }}",
        ),
        "sms": (
            f"{B}: Your gate pass for {LOT_EN} is ready, valid until {{{{ gatePass.validUntil }}}}. Bring an "
            "Emirates ID to collect the vehicle.",
            f"{B}: تصريح الخروج لمركبتك {LOT_AR} جاهز وصالح حتى {{{{ gatePass.validUntil }}}}. يرجى إحضار "
            "الهوية الإماراتية عند استلام المركبة.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, your gate pass for {LOT_EN} is ready, valid until "
            "{{ gatePass.validUntil }}. Bring an Emirates ID to collect the vehicle.",
            f"مرحباً {{{{ member.firstName }}}}، تصريح الخروج لمركبتك {LOT_AR} جاهز وصالح حتى "
            "{{ gatePass.validUntil }}. يرجى إحضار الهوية الإماراتية عند استلام المركبة.",
        ),
        "email": (
            f"Your vehicle {LOT_EN} is paid and ready to collect. The gate pass is attached: show its QR code, "
            "or give its code {{ gatePass.code }}, at the gate before {{ gatePass.validUntil }} (Dubai time). "
            "The driver brings an Emirates ID.",
            f"مركبتك {LOT_AR} مدفوعة وجاهزة للاستلام. مرفق تصريح الخروج: يرجى إبراز رمز QR أو ذكر الرمز "
            "{{ gatePass.code }} عند البوابة قبل {{ gatePass.validUntil }} (بتوقيت دبي)، "
            "وعلى السائق إحضار الهوية الإماراتية.",
        ),
    },
    "payoutCompleted": {
        "name": "Payout sent (seller)",
        "subject": (
            "We have paid you for Lot {{ vehicle.lot }}",
            "حوّلنا لك مستحقات رقم اللوت {{ vehicle.lot }}",
        ),
        "sms": (
            f"{B}: We have paid you {{{{ payout.amount }}}} for {LOT_EN} by {{{{ payout.method }}}}"
            "{% if payout.reference %}, reference {{ payout.reference }}{% endif %}.",
            f"{B}: حوّلنا لك مبلغ {{{{ payout.amount }}}} عن {LOT_AR} عن طريق {{{{ payout.method }}}}"
            "{% if payout.reference %}، المرجع {{ payout.reference }}{% endif %}.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, we have paid you {{{{ payout.amount }}}} for {LOT_EN} by "
            "{{ payout.method }}{% if payout.reference %}, reference {{ payout.reference }}{% endif %}.",
            f"مرحباً {{{{ member.firstName }}}}، حوّلنا لك مبلغ {{{{ payout.amount }}}} عن {LOT_AR} عن طريق "
            "{{ payout.method }}{% if payout.reference %}، المرجع {{ payout.reference }}{% endif %}.",
        ),
        "email": (
            f"We have paid you {{{{ payout.amount }}}} for {LOT_EN} by {{{{ payout.method }}}} on "
            "{{ payout.date }}{% if payout.reference %}, reference {{ payout.reference }}{% endif %} "
            "(payout {{ payout.transactionId }}, settlement {{ payout.settlementNumber }}).\n\nThank you for "
            "selling with us.",
            f"حوّلنا لك مبلغ {{{{ payout.amount }}}} عن {LOT_AR} عن طريق {{{{ payout.method }}}} بتاريخ "
            "{{ payout.date }}{% if payout.reference %}، المرجع {{ payout.reference }}{% endif %} "
            "(الدفعة {{ payout.transactionId }}، كشف التسوية {{ payout.settlementNumber }}).\n\nشكراً لبيعك "
            "معنا.",
        ),
    },
    "depositRefunded": {
        "name": "Deposit refunded",
        "subject": ("Your security deposit is refunded", "تم رد مبلغ التأمين"),
        "sms": (
            f"{B}: We have refunded your security deposit of {{{{ refund.amount }}}} by {{{{ refund.method }}}}"
            "{% if refund.reference %}, reference {{ refund.reference }}{% endif %}.",
            f"{B}: أعدنا إليك مبلغ التأمين {{{{ refund.amount }}}} عن طريق {{{{ refund.method }}}}"
            "{% if refund.reference %}، المرجع {{ refund.reference }}{% endif %}.",
        ),
        "whatsapp": (
            "Hello {{ member.firstName }}, we have refunded your security deposit of {{ refund.amount }}"
            " by {{ refund.method }}{% if refund.reference %}, reference {{ refund.reference }}{% endif %}.",
            "مرحباً {{ member.firstName }}، أعدنا إليك مبلغ التأمين {{ refund.amount }} عن طريق "
            "{{ refund.method }}{% if refund.reference %}، المرجع {{ refund.reference }}{% endif %}.",
        ),
        "email": (
            "We have refunded your security deposit of {{ refund.amount }} by {{ refund.method }} on "
            "{{ refund.date }}{% if refund.reference %}, reference {{ refund.reference }}{% endif %} "
            "(refund {{ refund.transactionId }}).",
            "أعدنا إليك مبلغ التأمين {{ refund.amount }} عن طريق {{ refund.method }} بتاريخ {{ refund.date }}"
            "{% if refund.reference %}، المرجع {{ refund.reference }}{% endif %} (الاسترداد "
            "{{ refund.transactionId }}).",
        ),
    },
    "sellerApprovalRequested": {
        "name": "Seller's approval requested",
        "subject": (
            "Your answer is needed: Lot {{ vehicle.lot }}",
            "نحتاج إلى ردك: رقم اللوت {{ vehicle.lot }}",
        ),
        "sms": (
            f"{B}: The top bid for your {LOT_EN} is {{{{ approval.price }}}}, below your reserve. Accept, "
            "decline or counter by {{ approval.deadlineTime }} {{ approval.deadlineDate }}.",
            f"{B}: أعلى مزايدة على مركبتك {LOT_AR} هي {{{{ approval.price }}}}، أقل من السعر الأدنى. يرجى "
            "القبول أو الرفض أو تقديم عرض مقابل قبل {{ approval.deadlineTime }} {{ approval.deadlineDate }}.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, the top bid for your vehicle {LOT_EN} is "
            "{{ approval.price }}, below your reserve of {{ approval.reserve }}. Please tell us by "
            "{{ approval.deadlineTime }} on {{ approval.deadlineDate }} whether you accept it, decline it or "
            "make a counter-offer.",
            f"مرحباً {{{{ member.firstName }}}}، أعلى مزايدة على مركبتك {LOT_AR} هي {{{{ approval.price }}}}، "
            "أقل من السعر الأدنى الذي حددته {{ approval.reserve }}. يرجى إبلاغنا قبل الساعة "
            "{{ approval.deadlineTime }} بتاريخ {{ approval.deadlineDate }} إن كنت تقبلها أو ترفضها أو "
            "تقدّم عرضاً مقابلاً.",
        ),
        "email": (
            f"The bidding on your vehicle {LOT_EN}, VIN {{{{ vehicle.vin }}}}, closed at "
            "{{ approval.price }}, below your reserve of {{ approval.reserve }}.\n\nPlease tell us by "
            "{{ approval.deadlineTime }} on {{ approval.deadlineDate }} (Dubai time) whether you accept this "
            f"price, decline it or make a counter-offer{CONTACT_EN}. Without your answer by then the vehicle "
            "is not sold and returns to our next auctions.",
            f"أُغلقت المزايدة على مركبتك {LOT_AR}، رقم الهيكل {{{{ vehicle.vin }}}}، عند {{{{ approval.price }}}}، "
            "أقل من السعر الأدنى الذي حددته {{ approval.reserve }}.\n\nيرجى إبلاغنا قبل الساعة "
            "{{ approval.deadlineTime }} بتاريخ {{ approval.deadlineDate }} (بتوقيت دبي) إن كنت تقبل هذا "
            f"السعر أو ترفضه أو تقدّم عرضاً مقابلاً{CONTACT_AR}. إن لم يصلنا ردك حتى ذلك الحين فلن تُباع "
            "المركبة وستعود إلى مزاداتنا القادمة.",
        ),
    },
    "counterOffered": {
        "name": "Counter-offer (buyer)",
        "subject": ("A counter-offer for Lot {{ vehicle.lot }}", "عرض مقابل على رقم اللوت {{ vehicle.lot }}"),
        "sms": (
            f"{B}: The seller of {LOT_EN} asks {{{{ approval.counterAmount }}}} instead of your bid. Tell us "
            "by {{ approval.deadlineTime }} {{ approval.deadlineDate }} if you accept.",
            f"{B}: يطلب بائع {LOT_AR} مبلغ {{{{ approval.counterAmount }}}} بدلاً من مزايدتك. أبلغنا قبل "
            "{{ approval.deadlineTime }} {{ approval.deadlineDate }} إن كنت توافق.",
        ),
        "whatsapp": (
            f"Hello {{{{ member.firstName }}}}, the seller of {LOT_EN} did not accept your bid of "
            "{{ approval.price }} and offers it to you for {{ approval.counterAmount }}. Please tell us by "
            "{{ approval.deadlineTime }} on {{ approval.deadlineDate }} whether you accept.",
            f"مرحباً {{{{ member.firstName }}}}، لم يقبل بائع {LOT_AR} مزايدتك البالغة {{{{ approval.price }}}} "
            "ويعرضها عليك بمبلغ {{ approval.counterAmount }}. يرجى إبلاغنا قبل الساعة "
            "{{ approval.deadlineTime }} بتاريخ {{ approval.deadlineDate }} إن كنت توافق.",
        ),
        "email": (
            f"The seller of {LOT_EN}, VIN {{{{ vehicle.vin }}}}, did not accept your bid of "
            "{{ approval.price }} and offers you the vehicle for {{ approval.counterAmount }}.\n\nPlease "
            "tell us by {{ approval.deadlineTime }} on {{ approval.deadlineDate }} (Dubai time) whether you "
            f"accept{CONTACT_EN}. If you do, we send you the invoice at that price.",
            f"لم يقبل بائع {LOT_AR}، رقم الهيكل {{{{ vehicle.vin }}}}، مزايدتك البالغة {{{{ approval.price }}}} "
            "ويعرض عليك المركبة بمبلغ {{ approval.counterAmount }}.\n\nيرجى إبلاغنا قبل الساعة "
            "{{ approval.deadlineTime }} بتاريخ {{ approval.deadlineDate }} (بتوقيت دبي) إن كنت توافق"
            f"{CONTACT_AR}. عند موافقتك نرسل إليك الفاتورة بهذا السعر.",
        ),
    },
}


class Row(TypedDict):
    event: str
    channel: str
    name: str
    subject_en: str | None
    subject_ar: str | None
    body_en: str
    body_ar: str
    whatsapp_template_name: str | None


def _snake(event: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in event)


def rows() -> list[Row]:
    """One template row per event and channel, as migration 0016 writes them."""
    made: list[Row] = []
    for event, texts in EVENTS.items():
        for channel in ("sms", "whatsapp", "email"):
            en, ar = texts[channel]
            email = channel == "email"
            made.append(
                Row(
                    event=event,
                    channel=channel,
                    name=texts["name"],
                    subject_en=texts["subject"][0] if email else None,
                    subject_ar=texts["subject"][1] if email else None,
                    body_en=EMAIL_EN.replace("<TEXT>", en) if email else en,
                    body_ar=EMAIL_AR.replace("<TEXT>", ar) if email else ar,
                    whatsapp_template_name=f"gavel_{_snake(event)}" if channel == "whatsapp" else None,
                )
            )
    return made
