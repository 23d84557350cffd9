"""The unsubscribe link of promotional emails: signed per member (links.py), added to the mail when it is sent
(mail.py, the SMTP provider's List-Unsubscribe headers), and its public page (router.py, page.py)."""
