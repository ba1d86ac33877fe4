/**
 * Generated from openapi/halaqa.yaml by scripts/api-types.mjs (npm run api:types). Do not edit.
 */

export interface paths {
    "/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the password
         * @description Changes the caller's password (product sign-in only; federated users answer 403). A wrong `oldPassword` answers 400
         *     with a message (on `oldPassword`); `newPassword` follows the #validation policy (8+ characters with a lower-case letter, an
         *     upper-case letter, a digit and a special character). The account's other sign-ins end: every token issued before
         *     stops working (401). The answer carries a fresh token for the caller, who stays signed in.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Authentication and account.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update the caller's account info
         * @description Replaces the caller's first and last name and, when sent, the language of their mails (the picture is set by
         *     `POST /account/picture`). Names are trimmed and may not be blank (400). Answers the updated user.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Authentication and account (account info).
         */
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the password with an e-mailed token
         * @description Sets a new password (#validation policy, else 400 on `password`). `confirmPassword` must equal `password` (400 on
         *     `confirmPassword`). A token that is unknown, already used or older than one hour answers 422 with one field error on
         *     `token` whose message is `invalid`, `used` or `expired`. A reset ends every sign-in of the account.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Authentication and account; #validation reset password.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/reset-password/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a password-reset e-mail
         * @description Mails a reset link (single use, valid 1 hour) when the e-mail belongs to an account, in the account's language; an
         *     address with no account gets a mail saying so (in `language`), so both cases do the same work. Always answers 202
         *     with the same message so it cannot be used to probe for accounts. Rate-limited per IP and per e-mail (429).
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Authentication and account.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Product (legacy) sign-in. Answers a bearer token and the signed-in user; wrong credentials answer 401 with a message the SPA shows (else "Invalid credentials").
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Authentication and account; #entities logged-in record.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The directories this server offers sign-in with
         * @description The enterprise directories (MA, QA) whose sign-in is available on this server: those with an issuer configured (`OIDC_<CODE>_ISSUER`), and on a local demo install those served by the built-in development identity provider (`demo: true`). The SPA shows a "Sign in with …" button for these only; starting any other answers 404.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #overview, #limits federated providers.
         */
        get: operations["listFederatedProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/{provider}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a federated sign-in with the MA or QA directory
         * @description Starts the OpenID Connect authorization code flow with PKCE (product.md#overview, #screens `sign-in-with-redirect`): answers the directory's authorization URL, which the SPA opens. The server keeps the state, nonce and PKCE verifier (10 minutes, single use) and binds them to this browser with the HttpOnly cookie `halaqa.oidc` (path `/api/auth/oidc`). `redirect` is where the SPA goes after signing in (a same-origin path). On a local install (a loopback `PUBLIC_URL`) asked at another loopback host name than `PUBLIC_URL`'s (`127.0.0.1` for `localhost`), nothing starts and no cookie is set: the URL is `PUBLIC_URL`'s login with `sign-in-with-redirect` (and `redirect`, `lang`), which starts the sign-in there, where its cookie reaches the callback. A directory that is not available on this server (no issuer configured, and no built-in identity provider: see `listFederatedProviders`) answers 404 "Sign-in with {provider} is not available on this server".
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #screens routes; #calls "The identity service is also called for sign-in".
         */
        post: operations["startFederatedSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a federated sign-in with the directory's answer
         * @description The SPA's callback page (`/sso/{provider lower case}`, the redirect URI registered at the directory) posts the authorization response here. The server checks the state against the `halaqa.oidc` cookie of the browser that started, exchanges the code with the PKCE verifier, verifies the ID token (signature, issuer, audience, nonce, times with 5 s tolerance, product.md#limits), maps the directory groups to a role (the second group if present, otherwise the first, product.md#entities: USER, LEARNER, EDUCATOR or PARTNER), provisions the user in the directory's company on first sign-in (MA → MOROCCO, QA → QAD) and answers like sign-in, plus `redirect`. It sets the HttpOnly refresh cookie `halaqa.refresh` (path `/api/auth`). Requests of a federated user carry `X-Auth-Legacy: 0` (product.md#roles).
         *
         *     A state that is unknown, used, expired or not this browser's answers 400; a refused code, nonce or PKCE check, or a cancelled sign-in, 401; groups that give no Halaqa role 403; an e-mail that belongs to a password account 409.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #overview, #entities logged-in record, #calls.
         */
        post: operations["completeFederatedSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh a federated user's access token
         * @description product.md#states, #messages, #limits: a federated user whose call got 401 is refreshed and the call retried (up to 3 times). Reads the HttpOnly cookie `halaqa.refresh`, refreshes at the directory with its refresh token (so a user the directory has signed out or revoked cannot go on) and answers a new access token. The cookie's token is used once: the answer sets a new `halaqa.refresh` (rotation); a token used before and presented again more than 30 s after its use ends the whole sign-in (its access tokens too: a copied cookie), within 30 s (two tabs refreshing at once) it answers an access token and no new cookie. No cookie, an unknown, ended or expired sign-in, a reused token, or a refusal by the directory answers 401 (the SPA then signs the user out).
         *
         *     Roles: public (the access token may have expired; the refresh cookie is the credential). Product rules (docs/product.md): #states token refresh; #limits.
         */
        post: operations["refreshFederatedToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out (ends a federated sign-in at the directory)
         * @description Ends the sign-in of the bearer token, if any, and the one of this browser's `halaqa.refresh` cookie: their access and refresh tokens are refused from then on (OWASP ASVS 3.3.1), and the cookie is cleared. For a federated sign-in it also revokes the directory's refresh token and answers the directory's end-session URL (RP-initiated logout) whose post-logout redirect is the partner login `/login?sign-in-with-redirect={MA|QA}` (product.md#screens: logout goes to the central accounts login with the partner code and a way back to the app). Otherwise it answers `logoutUrl: null`.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #screens, #states.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether this server is ready for traffic (same as /health/ready)
         * @description The readiness check under its older address, kept for load balancers configured with it: the same checks and answers as `GET /health/ready`.
         *
         *     Roles: public (no sign-in needed). Not in the spec: operations (docs/deploy.md "Metrics and health").
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether this server's process answers
         * @description For a process supervisor or an orchestrator's liveness probe: 200 whenever the process answers HTTP, whatever the state of its database (restarting the process would not bring the database back). Reads nothing.
         *
         *     Roles: public (no sign-in needed). Not in the spec: operations (docs/deploy.md "Metrics and health").
         */
        get: operations["getHealthLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether this server is ready for traffic
         * @description For load balancers and readiness probes: 200 while the database answers a trivial query within 2 seconds and has every migration of this build applied; 503 (with `Retry-After`) otherwise, its message saying which: the database cannot be reached, or which migrations are missing. A load balancer takes the server out until it is ready again.
         *
         *     Roles: public (no sign-in needed). Not in the spec: operations (docs/deploy.md "Metrics and health").
         */
        get: operations["getHealthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/captcha/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a proof-of-work captcha challenge
         * @description A fresh ALTCHA challenge (SHA-256 proof of work, signed by the server, valid 10 minutes). The browser widget finds the secret number and sends the solved payload (base64 JSON `{algorithm, challenge, number, salt, signature}`) as the `g-recaptcha-response` query parameter of sign-up, company sign-up and the contact form; each payload is accepted once.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #validation "sign-up sends a captcha response"; #calls Authentication and account.
         */
        get: operations["getCaptchaChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up (learner or educator)
         * @description Creates a LEARNER, or a PENDING EDUCATOR when `role=EDUCATOR`, and answers like sign-in. Multipart form of the non-empty fields; the solved captcha travels as the `g-recaptcha-response` query parameter (`x-captcha`: missing, invalid, expired or already used answers 400). With `invitationToken` the account joins the invitation's company with the invited role (the e-mail must be the invited one, else 400; an expired or used invitation answers 410). An e-mail already in use answers 409.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Authentication and account; #validation validation.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an account's e-mail address with the mailed link
         * @description A self-service sign-up (learner, educator, company partner) mails a link `/verify-email?token=…` (valid 7 days); the SPA's page posts its token here. Until then the address is unverified and claims nothing: a directory user (MA, QA) with that address signs in and takes the account over. Accounts made by invitation links, directories, administrators and the demo data count as verified. Confirming twice answers 200 again; a malformed, forged or expired token, or one for an address the account no longer has, answers 400.
         *
         *     Roles: public (no sign-in needed: the token is the credential). Product rules (docs/product.md): #validation sign-up; #calls.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up a company and its partner account
         * @description Creates, in one transaction, a PENDING company (with its address and language) and its PARTNER account, which starts PENDING until an admin approves it (approving or rejecting the partner decides the company too), and answers like sign-in. Needs a solved captcha (`x-captcha`, 400 otherwise). An e-mail or acronym already in use answers 409 and nothing is written.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Authentication and account; #validation partner sign-up.
         */
        post: operations["signUpCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description A user by id. Allowed: the user themself, ADMIN and SUPER_ADMIN, and a PARTNER for users of their company; anyone else gets 403.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Tenant-scoped: a PARTNER may read users of their own company. Product rules (docs/product.md): #calls Users.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Approve a user
         * @description Approves a PENDING user (educator or partner); empty body. A user not PENDING answers 409.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Users; #roles admin actions.
         */
        put: operations["approveUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Delete a user
         * @description Soft-deletes a user (status DELETED, sign-in refused); the message is mailed to them. Nobody may delete themself (403).
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Users; #roles admin actions.
         */
        put: operations["deleteUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/deleteInvite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw an invitation
         * @description Withdraws a PENDING invitation: its link stops working (it reads as EXPIRED) and it leaves the list. `id` is the invitation id (an invitee has no user yet). An accepted invitation answers 409; another company's invitation 404.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: limited to the caller's company (ADMIN and SUPER_ADMIN see every company). Product rules (docs/product.md): #calls Users; decisions.md Invitations.
         */
        delete: operations["deleteInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reject a user
         * @description Rejects a PENDING user; the message is mailed to them. A user not PENDING answers 409.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Users; #roles admin actions.
         */
        put: operations["rejectUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/bulk/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite many users from a file
         * @description Invites every row of a CSV or XLSX file (columns `email`, `role`; a header row first; at most 1,000 data rows) into a company, in one transaction, and mails each invitee a link valid 7 days. CSV: UTF-8 with or without BOM, comma or semicolon separated. The file type is checked by content. Rows already members, already invited, with an invalid e-mail, an unknown role (LEARNER or EDUCATOR) or repeating an earlier row are skipped with a reason; `report` lists every row. A file that cannot be read, has no `email`/`role` header or more than 1,000 rows → 400 and nothing is written. An unknown company → 404.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER invites into their own company (`companyId` omitted or their own; another company's → 403); an ADMIN or SUPER_ADMIN names the company in `companyId` (omitted → 400 "Choose a company"), see `x-company-choice`. Product rules (docs/product.md): #calls Users; #roles partner bulk invites.
         */
        post: operations["bulkInviteUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/educators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List educators
         * @description Users with role EDUCATOR, filtered by text and status (e.g. PENDING for approval), paged. A PARTNER sees the educators of their company.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: limited to the caller's company (ADMIN and SUPER_ADMIN see every company). Product rules (docs/product.md): #calls Users; #roles admin actions.
         */
        get: operations["listEducators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitations
         * @description Invitations into the company, newest first, paged. A PARTNER sees their company's invitations.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: limited to the caller's company (a PARTNER passing another company's `companyId` → 403); ADMIN and SUPER_ADMIN see the company named in `companyId`, or every company without it (`x-company-choice: optional`). Product rules (docs/product.md): #calls Users; #roles partner invites.
         */
        get: operations["listInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user into the company
         * @description Invites an e-mail with a role (LEARNER or EDUCATOR) into a company; the invitee is mailed, in their language (or the company's when they have no account), a single-use link valid 7 days. Already a member or a pending invitation → 409. An unknown company → 404.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER invites into their own company (`companyId` omitted or their own; another company's → 403); an ADMIN or SUPER_ADMIN names the company in `companyId` (omitted → 400 "Choose a company"), see `x-company-choice`. Product rules (docs/product.md): #calls Users; #entities Invite; decisions.md Invitations.
         */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an invitation from its link
         * @description What the invitation link says, before signing up or in: the invited e-mail, the role, the company and whether the link can still be used. The token is signed; a token that does not verify answers 404. An invitation accepted or withdrawn, or older than 7 days, answers 200 with status ACCEPTED or EXPIRED so the screen can say so.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #roles partner invites; decisions.md Invitations.
         */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation with the signed-in account
         * @description The signed-in user whose e-mail is the invited one joins the invitation's company with the invited role; the invitation becomes ACCEPTED (single use). A used link answers 409, an expired one 410, another account's invitation 403, a token that does not verify 404. A new person accepts by signing up with `invitationToken` instead.
         *
         *     Roles: any signed-in user. Product rules (docs/product.md): #roles partner invites; decisions.md Invitations.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/learners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List learners
         * @description Users with role LEARNER or USER, filtered by text and status, paged. A PARTNER sees the learners of their company.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: limited to the caller's company (ADMIN and SUPER_ADMIN see every company). Product rules (docs/product.md): #calls Users; #roles admin actions.
         */
        get: operations["listLearners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's addresses
         * @description The caller's addresses, the default one first.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Users.
         */
        get: operations["listMyAddresses"];
        put?: never;
        /**
         * Add an address
         * @description Adds an address to the caller; with `isDefault` it becomes the default one.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Users.
         */
        post: operations["createMyAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the caller's company
         * @description The company the signed-in user belongs to, with its theme settings. 404 when the user belongs to no company.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Tenant-scoped: the caller's own company. Product rules (docs/product.md): #calls Users; decisions.md Company.
         */
        get: operations["getMyCompany"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List partners
         * @description Users with role PARTNER, filtered by text (name, e-mail) and status, paged.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Users; #roles admin actions.
         */
        get: operations["listPartners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the contact form
         * @description Mails the contact form to the platform team. Needs a solved captcha (`x-captcha`, see getCaptchaChallenge).
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Messaging; #screens contact us.
         */
        post: operations["sendContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the contact messages (admins' inbox)
         * @description The messages sent with the contact form (sendContactMessage), newest first, paged, with the number still unread. `unread=true` lists only the unread ones.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #screens contact us.
         */
        get: operations["listContactMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact/messages/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark a contact message as read
         * @description Marks one message of the admins' inbox as read (idempotent: the first reading time is kept).
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #screens contact us.
         */
        put: operations["markContactMessageRead"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail users
         * @description Sends a message by e-mail to the given users. A recipient the caller may not reach answers 403.
         *
         *     Roles: EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR may mail learners of their sessions, a PARTNER users of their company. Product rules (docs/product.md): #calls Messaging; #entities Mail.
         */
        post: operations["sendMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sessions (dashboard and moderation)
         * @description Sessions visible to the caller, filtered by status (e.g. PENDING for moderation) and course, newest first, paged.
         *
         *     Roles: EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR sees their own sessions, a PARTNER the sessions of their company's private courses. Product rules (docs/product.md): #calls Sessions; #roles admin actions.
         */
        get: operations["listSessions"];
        put?: never;
        /**
         * Request a new session of a course
         * @description An educator requests a new session of a course they teach (their own, or one with multiple instructors); it starts PENDING until an admin approves it. Dates out of order, a weekly slot ending before it starts, seats below 1, a negative price or a time zone outside the US list → 400 with field errors.
         *
         *     Roles: EDUCATOR (own courses), ADMIN, SUPER_ADMIN (any course, e.g. duplicating a session; the course's educator runs it). Product rules (docs/product.md): #calls Sessions; decisions.md Session.
         */
        post: operations["requestSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a session
         * @description Approves a PENDING session (it is ACTIVE from its startDate); the optional message is mailed to the educator and the course waitlist is mailed. Not PENDING → 409.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Sessions; #states session moderation.
         */
        post: operations["approveSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a session's syllabus
         * @description Replaces the session's weeks, sections and lessons. The SPA sends an empty list, which resets the session's syllabus to a copy of its course's syllabus.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions. Product rules (docs/product.md): #calls Sessions; #entities Syllabus.
         */
        put: operations["updateSessionContent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a session
         * @description Deletes a session; the message is mailed to the educator and the enrolled learners. An EDUCATOR may delete only their own sessions that have no enrollment (else 409); paid enrollments are refunded to the learners' wallets.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions. Product rules (docs/product.md): #calls Sessions; #states session deletion.
         */
        post: operations["deleteSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/enroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enroll in a session
         * @description No body. Free session → enrolls (201). Paid session → 402 unless already paid (the payment enrolled the learner; answers 200). Already enrolled → 200 with the existing enrollment. Full → 409 "Session is full". A USER is promoted to LEARNER on first enrollment.
         *
         *     Roles: LEARNER, USER. Tenant-scoped: sessions of private courses only for users of their company. Product rules (docs/product.md): #calls Sessions; decisions.md Enrollment.
         */
        post: operations["enrollInSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get session details (public)
         * @description A session with its course. `enrollment` is always null here; use `/info/secured` when signed in.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see the sessions of their company's private courses; anyone else gets 404). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Sessions.
         */
        get: operations["getSessionInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/info/secured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get session details (signed in)
         * @description A session with its course and the caller's enrollment (null when not enrolled).
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Tenant-scoped: sessions of private courses only for users of their company. Product rules (docs/product.md): #calls Sessions.
         */
        get: operations["getSessionInfoSecured"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/learners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the learners of a session
         * @description Learners enrolled in a session, paged.
         *
         *     Roles: EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their sessions, a PARTNER only the learners of their company. Product rules (docs/product.md): #calls Sessions; #screens session learners.
         */
        get: operations["listSessionLearners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a session
         * @description Rejects a PENDING session; the message is mailed to the educator. Not PENDING → 409.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Sessions; #states session moderation.
         */
        post: operations["rejectSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the submissions of a session
         * @description Assignment submissions of every learner of a session, newest first, paged.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions. Product rules (docs/product.md): #calls Sessions; #screens assignment submissions and grading.
         */
        get: operations["listSessionSubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/syllabus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get session syllabus (public)
         * @description Weeks → sections → lessons of a session. Lesson links are always null here.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see the sessions of their company's private courses; anyone else gets 404). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Sessions; #entities Syllabus.
         */
        get: operations["getSessionSyllabus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/syllabus/secured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get session syllabus (signed in)
         * @description Like the public syllabus, but lesson links are filled in for enrolled learners, the session educator, ADMIN and SUPER_ADMIN.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Tenant-scoped: sessions of private courses only for users of their company. Product rules (docs/product.md): #calls Sessions; #entities Syllabus.
         */
        get: operations["getSessionSyllabusSecured"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's enrollments
         * @description The caller's enrollments with their session and course, newest first.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Sessions; #screens /my-courses.
         */
        get: operations["listMyEnrollments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/explore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Explore open sessions
         * @description APPROVED and ACTIVE sessions of PUBLISHED courses, with their course, filtered by free text (as GET /courses/explore), category, language, price range (the session's price) and start dates, sorted (`sort`: soonest first by default; `soonest`/`relevance` without `query` are the same), paged. Totals are exact.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see their company's private courses). Tenant-scoped: sessions of private courses only for users of their company. Product rules (docs/product.md): #calls Sessions.
         */
        get: operations["exploreSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update a course
         * @description The course editor. Without `id`: creates a course (201) and, when the form carries session fields (startDate, endDate, timezone, maxSeats, weeks), its first session (PENDING). With `?id=`: updates that course (200; only its educator or an admin). Sections and lessons are given as indexed multipart fields.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: private courses belong to the given company, which must be the educator's own. Product rules (docs/product.md): #calls Courses; #entities course form and create/update payload.
         */
        post: operations["saveCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get course details
         * @description A course with its about text, video, required and gained skills, rating and next session. Unpublished or private courses the caller may not see answer 404.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see their company's private courses). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Courses.
         */
        get: operations["getCourseInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the reviews of a course
         * @description Reviews of a course, newest first, paged.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see their company's private courses). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Courses; #entities Review.
         */
        get: operations["listCourseReviews"];
        put?: never;
        /**
         * Review a course
         * @description One review per learner per course (rating 1–5 and a text of 1–2000 characters, trimmed), only from a learner with an ACTIVE enrollment in a session of the course that has started (its start date, in the session's time zone, is today or before). Refusals, nothing written: never enrolled → 403 'Only learners enrolled in a session of this course can review it'; enrolled but no session started yet → 422 'You can review this course once your session has started (on YYYY-MM-DD)'; a second review of the same course → 409 'You have already reviewed this course: edit your review instead' (edit it with `updateCourseReview`); a course the caller cannot see → 404. The course's rating (average and count, in CourseSummary and CourseInfo) is computed from the reviews, so it shows the new review at once.
         *
         *     Roles: LEARNER. Product rules (docs/product.md): #calls Courses; #entities Review; #messages 'New Review Created Successfully' / 'Error while posting review !'; decisions.md Reviews; docs/decisions.md "Reviews".
         */
        post: operations["createCourseReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/reviews/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's review of a course and whether they may write one
         * @description The signed-in learner's own review of the course (null when none) and whether they may review it: `ELIGIBLE` (an ACTIVE enrollment in a session of the course that has started), `NOT_STARTED` (enrolled, but every such session starts later: `startDate` is the earliest, a calendar date in the session's time zone) or `NOT_ENROLLED`. The course page shows the review form from it. A course the caller cannot see → 404.
         *
         *     Roles: LEARNER. Product rules (docs/product.md): #calls Courses; #entities Review; decisions.md Reviews; docs/decisions.md "Reviews".
         */
        get: operations["getMyCourseReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/reviews/{reviewId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Edit one's own review of a course
         * @description The author of a review changes its rating and text (same rules as `createCourseReview`); `updatedAt` is set, `createdAt` kept. Another learner's review → 403 'You can only edit your own review'; a review that is not of this course, or a course the caller cannot see → 404. Bad rating or text → 400, nothing written.
         *
         *     Roles: LEARNER (the review's author only). Product rules (docs/product.md): #calls Courses; #entities Review; decisions.md Reviews; docs/decisions.md "Reviews".
         */
        put: operations["updateCourseReview"];
        post?: never;
        /**
         * Remove an abusive review (admins)
         * @description An admin removes a review of a course (abusive, off-topic); the course's rating is recomputed at once. Recorded in the audit log (`review.removed`, entity `review`, with the course, author, rating and text removed) in the same transaction. A review that is not of this course → 404.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities Review; decisions.md Reviews; docs/decisions.md "Reviews".
         */
        delete: operations["deleteCourseReview"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/sessions/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the open sessions of a course
         * @description APPROVED and ACTIVE sessions of a course that have not ended, soonest first.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see their company's private courses). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Courses.
         */
        get: operations["listActiveCourseSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the waitlist of a course
         * @description Puts an e-mail on the waitlist of a course. Confirmed entries are mailed, in their language, when a session of the course opens (is approved) or a seat of an open session frees (a card checkout canceled or whose hold expired), once per event.
         *
         *     A signed-in caller joins with their own account address (422 otherwise: nobody can sign someone else up for mails); the entry is confirmed at once: 201 added, 200 already on it. A guest (no bearer token) gives an address, which is mailed a confirmation link (`/waitlist/confirm/<token>`, valid 72 hours, see confirmWaitlist): 202, whatever the address's state, so the answer tells nothing about who is on the list; an address already confirmed is not mailed again. Unconfirmed addresses are never mailed about sessions. `language` (guests) chooses the language of the mails (default en). Guest calls are rate-limited per IP and per e-mail (429).
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (the caller's own address, confirmed at once). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Courses; #entities Waitlist; #messages 'You are now on the waitlist!'; decisions.md Waitlist.
         */
        post: operations["joinWaitlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/waitlist/confirm/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a guest's place on a waitlist
         * @description The link mailed to a guest who joined a waitlist (joinWaitlist) lands on `/waitlist/confirm/<token>`, whose page calls this. The token is 32 random bytes (base64url); only its SHA-256 is stored. Confirming twice answers the confirmed entry again.
         *
         *     Errors: 404 no entry has this token (mistyped or made up); 410 the link is older than 72 hours and was not used (join again for a new one).
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #entities Waitlist.
         */
        post: operations["confirmWaitlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List course categories
         * @description Every category with the number of published courses in it; with `partnerId`, only courses of that company are counted.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Courses; #entities reference data.
         */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/explore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Explore published courses
         * @description Published courses, filtered by free text (`query`: contained in the title, description, category or skills, or a title word one letter off), category, difficulty, language, price range and start dates, sorted (`sort`), paged. Totals are exact.
         *
         *     Roles: public (no sign-in needed). A bearer token, when sent, is honoured (signed-in company users also see their company's private courses). Tenant-scoped: private courses only for users of their company. Product rules (docs/product.md): #calls Courses; #screens course explore screen.
         */
        get: operations["exploreCourses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/to-teach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the courses the caller can teach
         * @description For an EDUCATOR: their own courses (any status, with the message of the last moderation decision) and PUBLISHED courses with multiple instructors; for admins every course. Filtered by text, paged.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Courses; #screens courses to teach.
         */
        get: operations["listCoursesToTeach"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/moderation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List courses for moderation
         * @description The admins' course moderation queue: courses in one status (PENDING by default: sent for review, with or without a session), oldest submission first for PENDING, else most recently changed first; `query` matches the title. `pendingSessions` counts the course's sessions also waiting for review (approving one of them publishes the course, docs/decisions.md "Course moderation").
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities course statuses; #roles admin actions.
         */
        get: operations["listCoursesForReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a course sent for review
         * @description PENDING → APPROVED: the course passed review; it enters the catalog when its educator or an admin publishes it (publishCourse) or when a session of it is approved. The optional message is mailed to the educator in their language; audited. Not PENDING → 409.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities course statuses; #states moderation in progress, success, failure.
         */
        post: operations["approveCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a course sent for review
         * @description PENDING → REJECTED with a message (required, mailed to the educator in their language, shown on their courses page); the educator edits and sends it again. Audited. Not PENDING → 409; an empty message → 400 (nothing written).
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities course statuses (REJECTED with a message).
         */
        post: operations["rejectCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a published course out of the catalog
         * @description PUBLISHED → UNPUBLISHED with a message (required, mailed to the educator): the course and its sessions leave explore and course info for everyone but admins and its educator, and nobody new can enroll; sessions already running go on for their enrolled learners (classroom, syllabus). Audited. Not PUBLISHED → 409; an empty message → 400.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities course statuses (UNPUBLISHED).
         */
        post: operations["unpublishCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put an approved or unpublished course in the catalog
         * @description APPROVED → PUBLISHED by its educator or an admin; UNPUBLISHED → PUBLISHED by an admin only (an educator sends an unpublished course for review again from the editor). The course and its open sessions appear in explore again. The optional message is mailed to the educator when an admin publishes; audited. Another educator's course → 403; another status → 409.
         *
         *     Roles: EDUCATOR (own course), ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities course statuses (PUBLISHED).
         */
        post: operations["publishCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get dashboard counters
         * @description Counters for the caller's dashboard; which counters depends on the role.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Tenant-scoped: partner counters cover their company only. Product rules (docs/product.md): #calls Reference and dashboard.
         */
        get: operations["getDashboardStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lessons/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List lesson types
         * @description Every lesson type (meeting, video, reading, assignment, quiz, learningObjective, programmingAssignment, notes, liveSession).
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Reference and dashboard; #entities lesson types.
         */
        get: operations["listLessonTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List course languages
         * @description The languages a course can be taught in (id 1 is English, the default of a new course).
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #entities reference data and course form defaults.
         */
        get: operations["listLanguages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List skills
         * @description The skills a course can require or teach, by name; `query` filters by a part of the name.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #entities reference data (skills), course form skills.
         */
        get: operations["listSkills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Load a course into the editor
         * @description The course form's initial data (product.md#entities): fields, skills (CourseSkill entries and the `|`-joined ids), the first
         *     session's dates, time zone, seats and weekly slots, and the syllabus by week. Only the course's educator and admins.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #entities course form initial data; #screens /courses/live/edit.
         */
        get: operations["getCourseEditorData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/timezones/us": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List US time zones
         * @description The US IANA time zones offered for sessions, with their current UTC offset.
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Reference and dashboard; #limits US time zones.
         */
        get: operations["listUsTimezones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assignments/{id}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the submissions of an assignment
         * @description Submissions for an assignment or programming-assignment lesson, newest first, paged; `sessionId` narrows to one session.
         *
         *     Roles: LEARNER, EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: a LEARNER sees only their own submissions, an EDUCATOR those of their sessions. Product rules (docs/product.md): #calls Assignments.
         */
        get: operations["listAssignmentSubmissions"];
        put?: never;
        /**
         * Submit an assignment
         * @description Uploads the learner's document for an assignment lesson (multipart field `document`, kinds of product.md#validation checked by content) as a new SUBMITTED submission (earlier ones are kept as history) until graded. Only learners enrolled in a session of the course (else 403); after the deadline 409 unless the educator allows late work (then marked late).
         *
         *     Roles: LEARNER. Product rules (docs/product.md): #calls Assignments; decisions.md Assignments and grading.
         */
        post: operations["submitAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Grade a submission
         * @description Sets (or edits) the grade (0 … the assignment's points, 422 beyond) and comment of a submission; it becomes DONE.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions. Product rules (docs/product.md): #calls Assignments; #entities submission grade.
         */
        patch: operations["gradeSubmission"];
        trace?: never;
    };
    "/payments/accounts/external-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the caller's payout bank account
         * @description The bank account the educator is paid out to; 404 when none.
         *
         *     Roles: EDUCATOR. Product rules (docs/product.md): #calls Payments; #screens bank accounts; decisions.md Money (payouts).
         */
        get: operations["getExternalAccount"];
        put?: never;
        /**
         * Set the payout bank account
         * @description Sets (replaces) the bank account the educator is paid out to, from their bank details: account holder name,
         *     country and IBAN, or for the US routing number and account number (decisions.md Payouts, bank details). A bad
         *     IBAN or routing number → 400 naming the field, nothing stored; details the gateway refuses → 422. Only the last
         *     four digits of the account are stored and answered.
         *
         *     Roles: EDUCATOR. Product rules (docs/product.md): #calls Payments; #states add bank account.
         */
        post: operations["addExternalAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's saved cards
         * @description The caller's saved cards, the default one first.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; #screens payment methods.
         */
        get: operations["listCards"];
        put?: never;
        /**
         * Save a card
         * @description Attaches a card (gateway token) to the caller. A token the gateway refuses → 422.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; #states add payment method.
         */
        post: operations["addCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/fee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote the platform fee for a price
         * @description Platform fee and total for a price (dollars); `amount` is the total in integer cents, what the client pays.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Payments; #limits amounts ×100.
         */
        post: operations["quoteFee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/discount-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The discount codes the caller manages, with their uses
         * @description Admins see every code; an educator the codes of their own courses; a partner their company's codes. Newest first, each with
         *     its use count and newest 20 uses.
         *
         *     Roles: EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): "Discount codes".
         */
        get: operations["listDiscountCodes"];
        put?: never;
        /**
         * Create a discount code
         * @description A code for one course (optionally one of its sessions): an educator only for a course they teach, a partner for any course
         *     their company's members can see (the code is then for those members only), an admin for any course. Code taken → 409;
         *     course not the caller's, session not of the course, window or value wrong → 422.
         *
         *     Roles: EDUCATOR, PARTNER (approved), ADMIN, SUPER_ADMIN. Product rules (docs/product.md): "Discount codes".
         */
        post: operations["createDiscountCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/discount-codes/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price a session with a discount code
         * @description Checks the code for the caller and the session (valid now, uses left, the caller's own uses, the course or session, a
         *     partner's code only for its company's members) and answers the discounted price, the platform fee on it and the total.
         *     Counts nothing: the use is counted when the payment enrolls. A refusal is 409 (exhausted, learnerLimit) or 422 (the
         *     others), `errors[0]` = `{path: discountCode, message: <DiscountRefusal>}`.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): "Discount codes".
         */
        post: operations["quoteDiscountCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a card payment for a session
         * @description Creates a card payment intent (requires_payment_method) for a session. `amount` (cents) must equal the session's fee-quote amount (else 422); full → 409. Confirm it with POST /payments/intents/{id}/confirm.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; #limits amounts ×100; decisions.md Money.
         */
        post: operations["createPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/intents/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a card payment
         * @description Charges one of the caller's saved cards for the intent. `succeeded` → the learner is enrolled (enrollmentId set); `requires_action` → 3-D Secure needed; a declined card → 402. Only the intent's owner (else 404).
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; #states card payment confirmation.
         */
        post: operations["confirmPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/intents/{id}/authenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete the 3-D Secure step (sandbox)
         * @description The sandbox gateway's simulated 3-D Secure step for an intent in `requires_action`: `succeed` charges the card and
         *     enrolls the learner (`succeeded`); `fail` leaves the intent in `requires_payment_method` with
         *     `lastPaymentError.code = authentication_failed` and answers 402. With the Stripe gateway the step happens in Stripe.js.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #states payment states; decisions.md Money (3-D Secure).
         */
        post: operations["authenticatePaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/intents/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a card payment and release its seat
         * @description Cancels an intent that has not succeeded (the learner changed their mind or method); the seat held for it is
         *     released at once. A succeeded intent answers 409. Cancelling twice answers the canceled intent.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #states payment intent reset.
         */
        post: operations["cancelPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/cards/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a saved card
         * @description Detaches one of the caller's saved cards. When it was the default, the newest remaining card becomes the default.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #entities payment method kinds; payment methods screen.
         */
        delete: operations["removeCard"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/cards/{id}/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Make a saved card the default
         * @description The default card is offered first at checkout.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): payment methods screen.
         */
        put: operations["setDefaultCard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment gateway settings for the browser
         * @description Which gateway runs (`sandbox`, the embedded default, or `stripe`), Stripe's publishable key with Stripe, and in
         *     sandbox mode the test cards the checkout offers (Stripe's documented test tokens and their outcome).
         *
         *     Roles: public (no sign-in needed). Product rules (docs/product.md): #calls Payments; architecture.md payments.
         */
        get: operations["getPaymentConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An educator's earnings and payouts
         * @description Earnings of the caller's sessions (the session price of each paid enrollment; fees excluded): `pending` while the
         *     session has not ended, `payable` once it ended (delivered) and not yet paid out, `paidOut` in total; with the
         *     payouts, newest first. Money in dollars; payout amounts in cents.
         *
         *     Roles: EDUCATOR. Product rules (docs/product.md): decisions.md Money (educators are paid out after a session is delivered).
         */
        get: operations["getMyEarnings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay out an educator's payable earnings
         * @description Moves everything payable to the educator's bank account (a balanced ledger transaction EARNINGS → PAYOUTS) and
         *     answers the payout. No bank account → 422; nothing payable → 422. Takes an `Idempotency-Key`.
         *
         *     Roles: EDUCATOR. Product rules (docs/product.md): decisions.md Money.
         */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive Stripe events
         * @description Stripe's webhook (only with the Stripe gateway): the `Stripe-Signature` header is verified against the raw body
         *     with STRIPE_WEBHOOK_SECRET; `payment_intent.succeeded` settles a card payment that finished outside the app (e.g.
         *     after 3-D Secure) and `payment_intent.payment_failed` records the failure. A bad signature answers 400; the sandbox
         *     gateway answers 404.
         *
         *     Roles: public (Stripe signs the request). Product rules (docs/product.md): #calls Payments; architecture.md payments.
         */
        post: operations["receiveStripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/intents/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay for a session from the wallet
         * @description Pays a session from the caller's wallet and enrolls them, in one transaction. `amount` (cents) must equal the session's fee-quote amount, else 422; insufficient balance → 422; full → 409; already enrolled → 409. Replaying the same `Idempotency-Key` returns the first result; the same key with a different body → 422.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; #states wallet payment; decisions.md Money.
         */
        post: operations["payWithWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/wallets/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the caller's wallet
         * @description Balance (sum of the ledger) and the 50 newest ledger entries.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Payments; decisions.md Money.
         */
        get: operations["getMyWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/wallets/me/top-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up the wallet by card
         * @description Charges one of the caller's saved cards `amount` cents (100–100000) and credits the wallet with it: the card
         *     charge and the wallet credit are one balanced ledger transaction. `succeeded` → credited; `requires_action` →
         *     the 3-D Secure step first (`/payments/wallets/me/top-ups/{id}/authenticate`), nothing credited yet; a declined
         *     card → 402, nothing credited. Replaying the same `Idempotency-Key` returns the first answer (the 402 too) and
         *     credits once; the same key with a different body → 422. An unknown card → 422. A receipt is mailed once credited.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; decisions.md Money (wallet top-ups).
         */
        post: operations["topUpWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What cancelling my enrollment gives back now
         * @description The caller's ACTIVE enrollment in the session and what cancelling it now would give back, by the one refund rule
         *     (decisions.md "Cancelling and refunds"), with where it may go. Not enrolled → 404; the session has ended → 409
         *     (nothing to cancel any more; an admin can still refund it).
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #states enrollment.
         */
        get: operations["getRefundQuote"];
        put?: never;
        /**
         * Cancel my enrollment and be refunded
         * @description Cancels the caller's ACTIVE enrollment in the session and refunds it by the refund rule, to the wallet or to the card
         *     that paid (a destination not offered → 422), in one transaction with the ledger; the seat frees and the course's
         *     waitlist is mailed. Cancelling again, or once the session has ended → 409. Not enrolled → 404.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #states enrollment.
         */
        post: operations["cancelEnrollment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/learners/{learnerId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a learner's enrollment (admins)
         * @description Cancels the learner's ACTIVE enrollment in the session and gives back everything they paid, to their wallet or to the
         *     card that paid (default: the card when it can, else the wallet), in one transaction with the ledger; the seat frees
         *     and the waitlist is mailed; the learner is mailed the message; audited. Not enrolled → 404; already cancelled → 409.
         *
         *     Roles: ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #states enrollment.
         */
        post: operations["refundEnrollment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/wallets/me/top-ups/{id}/authenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a top-up's 3-D Secure step
         * @description For a top-up in `requires_action`: `succeed` completes the card charge and credits the wallet (`succeeded`);
         *     `fail` ends the top-up (`failed`, `lastPaymentError.code = authentication_failed`) and answers 402, nothing
         *     credited. A top-up already succeeded answers itself (credited once). With the Stripe gateway the step happens in
         *     Stripe.js first, then this call reads the outcome back. Only the top-up's owner (else 404).
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Payments; decisions.md Money (3-D Secure, wallet top-ups).
         */
        post: operations["authenticateTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/learningGoal/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a learning goal
         * @description Removes one of the caller's learning goals (another user's goal → 404).
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Learning goals.
         */
        delete: operations["deleteLearningGoal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/learningGoals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's learning goals
         * @description The caller's target skills (oldest first, at most 20), each with its progress, the caller's courses that teach it and
         *     up to 3 suggested courses. A skill is gained when the caller completed a course that lists it among its gained skills:
         *     an ACTIVE enrollment in a session of the course whose end date has passed in the session's time zone (progress 100).
         *     Otherwise progress is how far the caller's best running or upcoming session of such a course has gone (elapsed days
         *     over the session's days, at most 99), or 0. Suggestions are published courses the caller may see (public, or private
         *     to the caller's company) that teach the skill and in which the caller has no enrollment; courses with an open session
         *     first (docs/decisions.md "Learning goals").
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Learning goals; decisions.md Learning goals.
         */
        get: operations["listLearningGoals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/learningGoal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a learning goal
         * @description Adds a skill (from `GET /skills`) to the caller's learning goals and answers the goal with its progress, courses and
         *     suggestions, as `listLearningGoals` does. An unknown skill → 400 (field `skillId`); a skill already among the
         *     caller's goals → 409; a 21st goal → 422. Nothing is written on a refusal.
         *
         *     Roles: LEARNER, USER. Product rules (docs/product.md): #calls Learning goals (the spec names no create call; same style as
         *     `DELETE /v2/learningGoal/{id}`); decisions.md Learning goals.
         */
        post: operations["createLearningGoal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the company logo
         * @description Uploads the company logo (multipart field `picture`, png or jpeg); it becomes `settings.logo`, shown in the app header to the company's members. Too large → 413; wrong type → 415.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER only for their own company (an approved partner). Product rules (docs/product.md): #calls Companies; #entities company theme (logo).
         */
        post: operations["uploadCompanyPicture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get company theme settings
         * @description Theme settings of a company: style colours, links and logo. Allowed for any signed-in member of the company, ADMIN and SUPER_ADMIN.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Tenant-scoped: members of the company only (ADMIN and SUPER_ADMIN see every company). Product rules (docs/product.md): #calls Companies (this is the theme call); #entities company theme.
         */
        get: operations["getCompanySettings"];
        /**
         * Replace company theme settings
         * @description Replaces the style colours and links of a company (the logo is set by `POST /companies/{id}/picture`). Allowed for the PARTNER of the company, ADMIN and SUPER_ADMIN.
         *
         *     Readable themes only (WCAG 2.1 AA, at least 4.5:1 for normal text): for each colour, white text on its button shade and its badge text on its badge tint (the shades the SPA derives, panda.config.ts). An unreadable colour → 400 with the message "The theme is not readable" and one field error per colour (`style.primaryColor` …) naming the colour, its value and the contrast found; nothing is changed.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER only for their own company. Product rules (docs/product.md): #calls Companies; #roles partner theme settings; #limits default colours.
         */
        put: operations["updateCompanySettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members of a company
         * @description The company's learners, educators and users (not its partner), searchable by name or e-mail, newest member first, paged. Each member carries the date they joined (the invitation they accepted, else their sign-up), their active enrollments and their progress over those sessions (lessons DONE in lesson progress / lessons of the enrolled sessions' courses).
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER only for their own company. Product rules (docs/product.md): #roles partner company; decisions.md Invitations.
         */
        get: operations["listCompanyMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from a company
         * @description Removes a learner, educator or user from the company: they keep their account and their enrollments, but lose `companyId` and with it the company's private courses. A user who is not a member of this company answers 404; the partner cannot be removed (403).
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER only for their own company. Product rules (docs/product.md): #roles partner company; decisions.md Invitations.
         */
        delete: operations["removeCompanyMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}/invitations/{invitationId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail an invitation again
         * @description Mails a PENDING or EXPIRED invitation of the company again, with a fresh link (the link of an earlier mail stops working). A pending invitation keeps its 7 days, counted from when it was sent; an expired one is renewed: it is PENDING again for 7 days from now (its `createdAt` becomes now). The mail goes through the invitations' outbox, after the answer: 202 says it is queued, and a server that stops before sending mails it when it or another instance runs its periodic jobs. An invitation of another company answers 404; an accepted or withdrawn one 409 (invite the address again instead), and nothing is written.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER only for their own company. Product rules (docs/product.md): #roles partner invites; decisions.md Invitations.
         */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}/analytics/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attendance of the company's learners
         * @description Attendance analytics of the company's own learners (users of the company with an ACTIVE enrollment), computed from the attendance records of live meetings. A **meeting held** is an occurrence of a `meeting` or `liveSession` lesson of the session's course (its slot, docs/classroom.md "Meeting slot") whose start time is at or before now. Per session: the meetings held so far, the company's learners and their attendance rate (attended ÷ (meetings held × learners)); per learner: meetings attended ÷ held over the sessions in the filter; per week (weeks start on Monday, the date of the occurrence in the session's time zone): attended ÷ expected. Learners of other companies are never counted. Filters: `courseId`, `sessionId`, and `from`/`to` (calendar dates, inclusive, applied to the occurrence date); `from` after `to` answers 400.
         *
         *     Roles: PARTNER, ADMIN, SUPER_ADMIN. Tenant-scoped: a PARTNER only for their own company. Product rules (docs/product.md): #screens /dashboard/analytics/attendance. decisions.md Attendance.
         */
        get: operations["getCompanyAttendanceAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the profile picture
         * @description Uploads one file in the multipart field `profilePicture` and answers its id, URL and kind (PROFILEPICTURE). Accepted: png, jpeg. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …"). It becomes the caller's picture.
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadProfilePicture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a résumé
         * @description Uploads one file in the multipart field `resume` and answers its id, URL and kind (RESUME). Accepted: pdf, doc, docx. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …"). It becomes the caller's résumé (read when an educator is approved).
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a signature image
         * @description Uploads one file in the multipart field `signature` and answers its id, URL and kind (SIGNATURE). Accepted: png, jpeg. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …"). It becomes the caller's signature (used on certificates).
         *
         *     Roles: any signed-in user (USER, LEARNER, EDUCATOR, PARTNER, ADMIN, SUPER_ADMIN). Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadSignature"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a course picture
         * @description Uploads one file in the multipart field `picture` and answers its id, URL and kind (COURSEPICTURE). Accepted: png, jpeg. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …"). Give its id as `pictureId` to POST /courses.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadCoursePicture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/courses/video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a course video
         * @description Uploads one file in the multipart field `video` and answers its id, URL and kind (COURSEVIDEO). Accepted: ogv, webm, mp4, mpeg, avi, wmv, flv, m3u8, mov. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …"). Give its id as `videoId` to POST /courses.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadCourseVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a lesson document
         * @description Uploads one file in the multipart field `document` and answers its id, URL and kind (LESSON). Accepted: pdf, doc, docx, xls, xlsx, ppt, pptx, zip, png, jpeg. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …"). Use its URL as a lesson `link`.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/questions/upload/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a quiz question picture
         * @description Uploads one file in the multipart field `picture` and answers its id, URL and kind (QUESTIONPICTURE). Accepted: png, jpeg. Too large → 413 ("File size must be less than …"); wrong type → 415 ("File type must be …").
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Product rules (docs/product.md): #calls Uploads; #entities upload response; #validation upload kinds.
         */
        post: operations["uploadQuestionPicture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/classroom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a session's classroom
         * @description The session's syllabus by week and section for the caller, each lesson with its type, duration, deadline, the caller's status and grade, and meeting occurrences; the next live meeting; the caller's progress.
         *
         *     Roles: enrolled LEARNER (ACTIVE enrollment), the session's EDUCATOR, ADMIN, SUPER_ADMIN; anyone else 403. Product rules (docs/product.md): #overview take lessons; #entities lesson types, statuses. docs/classroom.md.
         */
        get: operations["getClassroom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/chat/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a page of the session chat's history
         * @description The session chat's messages, newest page first: at most `limit` messages older than the message `before` (all the latest when absent), returned oldest first within the page, with `nextBefore` to ask for the page before (null at the beginning). Deleted messages are not returned.
         *
         *     Live delivery is a WebSocket at `GET /api/sessions/{id}/chat/socket?token=<bearer token>` (the same token rules as every call, `auth-legacy=0` for federated users; 401, 403, 404 before the upgrade as here). Frames are JSON text. The server sends `{"type":"ready","canPost":bool,"canDelete":bool}` once, then `{"type":"message","message":ChatMessage}` for every message posted (on any server instance: PostgreSQL LISTEN/NOTIFY) and `{"type":"deleted","messageId":int}` for every deletion; `{"type":"error","code":"RATE_LIMITED"|"INVALID"|"FORBIDDEN","message":string,"retryAfterSeconds"?:int}` answers a refused frame. The client sends `{"type":"post","text":string}` (same rules as postChatMessage). The socket closes with code 4401 when the caller's token no longer holds, 4403 when they are no longer in the session. docs/classroom.md "Session chat".
         *
         *     Roles: enrolled LEARNER (ACTIVE enrollment), the session's EDUCATOR, ADMIN, SUPER_ADMIN (read only); anyone else 403. Product rules (docs/product.md): #states session chat state (reset on sign-out).
         */
        get: operations["listChatMessages"];
        put?: never;
        /**
         * Post a message to the session chat
         * @description Posts a text message (the fallback of the WebSocket's `post` frame): plain text, never HTML (shown as text, so markup is harmless); trimmed, control characters other than line breaks and tabs removed, 1 to 1000 characters after that (400 otherwise). Each user may post at most 5 messages in 10 seconds per session chat, across every server instance (429 with `Retry-After`). The message is delivered live to everyone connected to the session's chat.
         *
         *     Roles: enrolled LEARNER (ACTIVE enrollment) and the session's EDUCATOR; ADMIN and SUPER_ADMIN read only (403); anyone else 403. Product rules (docs/product.md): #calls.
         */
        post: operations["postChatMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/chat/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a message of the session chat
         * @description Removes a message from the chat (kept in the database as deleted, by whom and when); everyone connected sees it disappear. The session's EDUCATOR deletes any message of their session; a LEARNER only their own. A message of another session answers 404.
         *
         *     Roles: enrolled LEARNER (their own messages), the session's EDUCATOR; ADMIN and SUPER_ADMIN read only (403); anyone else 403. Product rules (docs/product.md): #calls.
         */
        delete: operations["deleteChatMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a session's meetings as an iCalendar file
         * @description RFC 5545 calendar of the session's meeting and liveSession lessons: one weekly event (RRULE) per meeting with the session's TZID and stable UIDs.
         *
         *     Roles: as getClassroom. docs/classroom.md.
         */
        get: operations["getSessionCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a session's attendance
         * @description Meeting occurrences held so far with their number of attendees, and per learner the occurrences attended out of those held.
         *
         *     Roles: the session's EDUCATOR, ADMIN, SUPER_ADMIN, and a PARTNER of the course's company or of a company with learners enrolled in the session. Tenant-scoped: a PARTNER sees only their own company's learners (in `learners` and in each meeting's `attendees`/`attendeeIds`). Product rules (docs/product.md): #screens /dashboard/analytics/attendance. decisions.md Attendance.
         */
        get: operations["listSessionAttendance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a meeting's attendance
         * @description One occurrence of a meeting lesson with every ACTIVE learner of the session: their join, the status it suggests, the educator's mark and note, and the status that counts.
         *
         *     Roles: the session's EDUCATOR, ADMIN, SUPER_ADMIN (any other educator, learners and partners: 403). docs/classroom.md "Taking attendance"; decisions.md "Taking attendance".
         */
        get: operations["getMeetingAttendance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance/{learnerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark a learner's attendance at a meeting
         * @description Sets the learner's status (PRESENT, LATE, ABSENT, EXCUSED) and note for one meeting occurrence that has started; the mark wins over the join click everywhere (the session's attendance, the partner's analytics and its CSV, the learner's progress). Every change is kept in the history (who, when, before → after) and in the audit log. Setting the same status and note again changes nothing.
         *
         *     Roles: the session's EDUCATOR, ADMIN, SUPER_ADMIN (any other educator, learners and partners: 403, nothing written). 409 when the meeting has not started yet or when `version` is not the current one (someone marked the learner since). docs/classroom.md "Taking attendance".
         */
        put: operations["setAttendanceMark"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the history of a meeting's attendance marks
         * @description Every change of a learner's mark at this meeting occurrence, newest first: who changed it, when, the status and note before and after.
         *
         *     Roles: the session's EDUCATOR, ADMIN, SUPER_ADMIN (any other educator, learners and partners: 403). docs/classroom.md "Taking attendance".
         */
        get: operations["listAttendanceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a lesson of a session's classroom
         * @description A lesson with what the caller needs to take it: sanitised content, video and captions, meeting occurrences, time limit, number of questions, programming starter code and test names. Never the answer key or expected values.
         *
         *     Roles: as getClassroom; 404 for a lesson not in the session's course. docs/classroom.md.
         */
        get: operations["getClassroomLesson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a lesson as started or done
         * @description Records the learner's progress on a video, reading, notes or learning-objective lesson (IN_PROGRESS when opened, DONE when finished). Graded lessons get their status from their submissions and attempts (409 here).
         *
         *     Roles: enrolled LEARNER. docs/classroom.md "Lesson status".
         */
        post: operations["markLessonProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join a live meeting
         * @description Inside a meeting occurrence's join window (10 minutes before its start until its end) answers the URL to open (the lesson's pasted link, else the session's own video room at `MEETING_BASE_URL`, Jitsi Meet by default) and records the learner's attendance for that occurrence (the first join is kept). Outside it, 409 with the opening time in the message; 409 too when the lesson has no link and the server makes no rooms (`MEETING_BASE_URL=none`). Nothing is recorded on a 409.
         *
         *     Roles: enrolled LEARNER (attendance recorded), the session's EDUCATOR, ADMIN, SUPER_ADMIN (nothing recorded). Product rules (docs/product.md): #overview live meetings. docs/classroom.md "Join window", "Meeting room".
         */
        post: operations["joinMeeting"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/lessons/{lessonId}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the learner's attempts of a quiz or learning path
         * @description The caller's attempts of the lesson in the session, newest first; submitted ones carry their score and feedback.
         *
         *     Roles: enrolled LEARNER (own attempts only). docs/classroom.md.
         */
        get: operations["listQuizAttempts"];
        put?: never;
        /**
         * Start or resume a quiz or learning-path attempt
         * @description Answers the learner's open attempt of a quiz or learningObjective lesson, or starts a new one (201). The questions come without their answer key. After the lesson's deadline, 409 unless the educator allows late work.
         *
         *     Roles: enrolled LEARNER. docs/classroom.md.
         */
        post: operations["startQuizAttempt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/quiz-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the quiz attempts of a session's learners
         * @description Every attempt of the session's quiz lessons by its learners, newest first (submission time, then start), paged: learner, score, each answer right or wrong with the key, time taken, late mark, submitted at. Open attempts whose time limit has passed are graded first. Learning paths have no score and are not listed.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions (403 otherwise); learners read their own attempts with listQuizAttempts. docs/classroom.md.
         */
        get: operations["listSessionQuizAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/gradebook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A session's gradebook
         * @description Learners × graded items (quizzes, assignments, labs) with each item's score, status (graded, pending, missing, not due) and late mark, each learner's weighted total, and the weights in force (equal until the educator sets them). docs/classroom.md "Gradebook".
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions (403 otherwise). A learner reads their own row with getMyGrades.
         */
        get: operations["getGradebook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/gradebook/weights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the weights of a session's graded items
         * @description Replaces the weights of the session's gradebook: one weight (percent, 0–100, two decimals) for every graded item of the session, each exactly once, adding up to 100. An empty list goes back to equal weights. Answers the gradebook with the new totals. Refused (422, nothing changed) when an item is missing, repeated or not a graded item of the session, or when the weights do not add up to 100. Written to the audit log.
         *
         *     Roles: EDUCATOR, ADMIN, SUPER_ADMIN. Tenant-scoped: an EDUCATOR only for their own sessions (403 otherwise). docs/classroom.md "Gradebook".
         */
        put: operations["setGradebookWeights"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/gradebook.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a session's gradebook as CSV
         * @description The gradebook as a CSV file (UTF-8 with a byte-order mark, CRLF line ends): a header row (Learner, E-mail, one column per item with its kind, points and weight, Total (%), Late), then one row per learner: each item's points, or Missing / Pending / Not due; the total in percent; the late items' names. Cells that a spreadsheet would run as a formula (starting with = + - @, a tab or CR) are neutralised with a leading single quote (openapi/csv.ts). Column titles in the `lang` language.
         *
         *     Roles: as getGradebook. docs/classroom.md "Gradebook".
         */
        get: operations["exportGradebook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/gradebook/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own row of a session's gradebook
         * @description The gradebook of the session as its learner may read it: the items with their weights and the caller's row only (their scores, late marks, missing work and total); never another learner's. docs/classroom.md "Gradebook".
         *
         *     Roles: enrolled LEARNER (ACTIVE enrollment; 403 otherwise).
         */
        get: operations["getMyGrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Review a session's certificates
         * @description Every learner of the session with their attendance and graded-work total, whether they meet the session's completion rule, the educator's exception (withheld or added, with its reason) and their certificate once issued.
         *
         *     Roles: the session's educator, ADMIN, SUPER_ADMIN (another educator 403). docs/product.md "Certificates".
         */
        get: operations["getCertificateReview"];
        put?: never;
        /**
         * Issue a finished session's certificates
         * @description Issues a certificate to every learner who meets the rule, except those the educator withholds, and to those the educator adds. `decisions` lists the educator's choices (a learner not listed follows the rule); a choice against the rule needs a reason and is written to the audit log. Learners who already have a certificate keep it. Each new certificate is an Open Badges 3.0 credential signed by the platform; its learner is mailed in their language. Refused (422, nothing changed) before the session's last day is over, or when a choice against the rule has no reason, or names someone who is not a learner of the session.
         *
         *     Roles: as getCertificateReview.
         */
        post: operations["issueCertificates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{id}/certificates/rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a session's completion rule
         * @description Sets the minimum attendance and graded-work total (percent) a learner of the session needs for a certificate; answers the review. Written to the audit log.
         *
         *     Roles: as getCertificateReview.
         */
        put: operations["setCertificateRule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certificates/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in learner's certificates
         * @description The caller's certificates, newest first, revoked ones included (with the date).
         *
         *     Roles: LEARNER, USER. docs/product.md "Certificates".
         */
        get: operations["listMyCertificates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certificates/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The platform's public signing keys (JWKS)
         * @description The public keys that verify the platform's certificates and status lists, as a JSON Web Key Set (RFC 7517) at this stable address, not wrapped in `data`; a credential's JWT header names its key (`kid`).
         *
         *     Roles: public.
         */
        get: operations["getCertificateKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certificate-status/{list}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A revocation status list (W3C Bitstring Status List)
         * @description The BitstringStatusListCredential with purpose `revocation` whose bits the certificates' `credentialStatus` entries point to (bit set: revoked), signed by the platform as a VC-JWT (not wrapped in `data`). Always current: a revocation shows at once. Unknown list 404.
         *
         *     Roles: public.
         */
        get: operations["getCertificateStatusList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certificates/{certificateId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a certificate's signed credential
         * @description The signed credential of a certificate, for its public verification page: the page checks the signature against the published keys and the revocation status in the browser and shows only what the credential holds. Unknown id 404.
         *
         *     Roles: public.
         */
        get: operations["getCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certificates/{certificateId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a certificate as a PDF
         * @description The certificate as a one-page PDF in the `lang` language (Arabic right to left): the learner, the course, the session's dates, the skills gained, the hours, the educator with their signature image when they uploaded one, and a QR code of the verification page. Someone else's certificate: 404.
         *
         *     Roles: the certificate's learner; ADMIN, SUPER_ADMIN.
         */
        get: operations["downloadCertificatePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certificates/{certificateId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a certificate
         * @description Revokes the certificate with a reason (written to the audit log): its bit in the revocation status list is set, so its verification says Revoked from then on. Already revoked: 409. Unknown id 404.
         *
         *     Roles: ADMIN, SUPER_ADMIN.
         */
        post: operations["revokeCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quiz-attempts/{id}/answers/{questionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save an answer and the current-question position
         * @description Saves the answer to one question of an open attempt (omit `answer` to save only the position). 409 once the attempt is submitted or its time limit has passed; 400 for an answer of the wrong shape for the question.
         *
         *     Roles: the attempt's LEARNER. docs/classroom.md.
         */
        put: operations["saveQuizAnswer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quiz-attempts/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit an attempt for grading
         * @description Grades the attempt on the server: a quiz becomes AUTOGRADED with its score and per-question feedback (correct answer, explanation); a learning path becomes DONE. An attempt whose time limit has passed is graded on the answers saved before it; when the server already graded it for that (its sweep runs every minute), the graded attempt is answered (200). 409 when it was already submitted before its time ran out.
         *
         *     Roles: the attempt's LEARNER. docs/classroom.md "Grading".
         */
        post: operations["submitQuizAttempt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lessons/{id}/authoring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a lesson's content, settings and question bank
         * @description Everything an educator sets on a lesson beyond the syllabus: content, video, meeting link and time, points, late-work policy, time limit, programming tests and the question bank with its answer key.
         *
         *     Roles: the course's EDUCATOR, ADMIN, SUPER_ADMIN. docs/classroom.md "Data".
         */
        get: operations["getLessonAuthoring"];
        /**
         * Set a lesson's content, settings and question bank
         * @description Saves the fields given (others keep their value) in one transaction. HTML is sanitised (no script, event handler or javascript: URL survives); a question bank is replaced whole and checked (a SINGLE question needs exactly one correct option among its options, MULTIPLE at least one, TRUE_FALSE a boolean, SHORT_ANSWER at least one accepted answer) with field errors (400) and nothing written on failure.
         *
         *     Roles: the course's EDUCATOR, ADMIN, SUPER_ADMIN. docs/classroom.md.
         */
        put: operations["updateLessonAuthoring"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assignments/{id}/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit code for a programming assignment
         * @description Runs the learner's code in the lab's language against ALL the lesson's tests, visible and hidden, in the server's sandbox (JavaScript in QuickJS, Python in Pyodide, both in WebAssembly in worker threads: no host access, time and memory limits per test) and stores an AUTOGRADED submission with per-test results; grade = points × passed / total. After the deadline 409 unless late work is allowed. A learner has at most one code submission being graded at a time and 20 a minute: beyond, 429 with `Retry-After` (seconds).
         *
         *     Roles: enrolled LEARNER. docs/classroom.md "Grading".
         */
        post: operations["submitProgrammingAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assignments/{id}/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the learner's draft of a programming assignment
         * @description The caller's own saved, unsubmitted code of a programming assignment in a session, or null when they have not typed anything yet (the lab then shows the starter code). Drafts are private: there is no call that reads another learner's draft.
         *
         *     Roles: enrolled LEARNER of the session (ACTIVE enrollment). Tenant-scoped: the caller's own draft in a session they are enrolled in; another learner, an educator or an admin gets 403. docs/classroom.md "Labs".
         */
        get: operations["getCodeDraft"];
        /**
         * Save the learner's draft of a programming assignment
         * @description Replaces the caller's draft of a programming assignment in a session (the lab saves it about a second after the last keystroke). Saving runs nothing and records no submission; it is allowed after the deadline (only submitting is refused then). An empty `code` is kept as an empty draft.
         *
         *     Roles: enrolled LEARNER of the session. Tenant-scoped: only the caller's own draft. docs/classroom.md "Labs".
         */
        put: operations["saveCodeDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assignments/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the visible tests of a programming assignment without submitting
         * @description Runs the learner's code (in the lab's language: JavaScript in QuickJS, Python in Pyodide; both in the server's sandbox with time and memory limits per test) against the lesson's VISIBLE tests only and answers the per-test results. Nothing is recorded: no submission, no grade. The same fairness rules as submissions hold: one run or submission of a learner at a time (429, `Retry-After: 2`) and at most 20 runs a minute (429 with `Retry-After`); 409 when the lesson has no visible test. Runs are allowed after the deadline.
         *
         *     Roles: enrolled LEARNER of the session. Tenant-scoped: the session's enrolled learners only. docs/classroom.md "Labs".
         */
        post: operations["runProgrammingAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The state of this server (`GET /health/ready`); answered only while the database is up and migrated (503 otherwise). */
        Health: {
            /** @enum {string} */
            status: "ok";
            /** @enum {string} */
            database: "up";
        };
        /** @description The process answers (`GET /health/live`). */
        Liveness: {
            /** @enum {string} */
            status: "ok";
        };
        /**
         * Format: int32
         * @description A resource id (a PostgreSQL `integer`, 1 to 2147483647); anything beyond answers 400.
         */
        Id: number;
        /** @description Body of every 4xx/5xx answer. */
        Error: {
            /** @description Human-readable message, shown by the SPA as a toast. */
            message: string;
            /** @description Field errors (validation failures). */
            errors?: {
                /** @description Field name (JSON-pointer-ish, e.g. `email` or `company.address.city`). */
                path: string;
                message: string;
            }[];
        };
        /** @enum {string} */
        Role: "USER" | "LEARNER" | "EDUCATOR" | "PARTNER" | "ADMIN" | "SUPER_ADMIN";
        /** @enum {string} */
        UserStatus: "PENDING" | "APPROVED" | "REJECTED" | "DELETED";
        /**
         * Format: email
         * @description One @, a domain with a top-level part of 2 or more letters (product.md#validation).
         */
        Email: string;
        User: {
            id: number;
            email: components["schemas"]["Email"];
            /** @description Display name (firstName lastName). */
            name: string;
            firstName: string;
            lastName: string;
            role: components["schemas"]["Role"];
            status: components["schemas"]["UserStatus"];
            /** @description Company the user belongs to, if any. */
            companyId: number | null;
            pictureUrl: string | null;
            /**
             * @description Language of the mails the user receives (answered to the user themself and to staff).
             * @enum {string}
             */
            language?: "en" | "ar";
            /** Format: date-time */
            createdAt: string;
            /** @description The user's company (name, acronym, status), in the admin list of partners; absent elsewhere. */
            company?: components["schemas"]["UserCompany"] | null;
        };
        UserCompany: {
            id: number;
            name: string;
            acronym: string;
            /**
             * @description A company that signed up is PENDING until an admin approves its partner.
             * @enum {string}
             */
            status: "PENDING" | "APPROVED" | "REJECTED";
        };
        AuthUser: {
            id: number;
            email: components["schemas"]["Email"];
            name: string;
            role: components["schemas"]["Role"];
        };
        SignInRequest: {
            email: components["schemas"]["Email"];
            password: string;
        };
        AuthResult: {
            /** @description Bearer JWT (HS256, 12 h). */
            token: string;
            /**
             * Format: date-time
             * @description When the token expires (UTC).
             */
            expiresAt: string;
            user: components["schemas"]["AuthUser"];
        };
        /**
         * @description Enterprise directory (product.md#limits "Federated providers").
         * @enum {string}
         */
        FederatedProviderCode: "MA" | "QA";
        FederatedProviderInfo: {
            code: components["schemas"]["FederatedProviderCode"];
            /** @description Served by the built-in development identity provider (a local demo install; demo accounts only). */
            demo: boolean;
        };
        FederatedStartRequest: {
            /** @description Same-origin path to open after signing in (else the landing page). */
            redirect?: string;
            /**
             * @description Language of the page the user is on; sent to the directory as `ui_locales`.
             * @enum {string}
             */
            locale?: "en" | "ar";
        };
        FederatedStart: {
            /**
             * Format: uri
             * @description The directory's authorization endpoint with client, PKCE challenge, state and nonce.
             */
            authorizationUrl: string;
        };
        /** @description The authorization response the directory sent to the redirect URI (its query parameters). */
        FederatedCallbackRequest: {
            state: string;
            code?: string;
            iss?: string;
            /** @description Set instead of `code` when the directory refused or the user cancelled. */
            error?: string;
            error_description?: string;
        };
        FederatedSignInResult: {
            /** @description Bearer JWT (HS256), sent with the header X-Auth-Legacy 0. */
            token: string;
            /** Format: date-time */
            expiresAt: string;
            user: components["schemas"]["AuthUser"];
            /** @description The `redirect` given at the start, or null. */
            redirect: string | null;
        };
        RefreshedToken: {
            token: string;
            /** Format: date-time */
            expiresAt: string;
        };
        SignOutResult: {
            /** @description The directory's end-session URL to open, or null when there is nothing to end there. */
            logoutUrl: string | null;
        };
        /** @description An ALTCHA (v1) proof-of-work challenge; the SPA hands `data` to the widget. */
        CaptchaChallenge: {
            /** @enum {string} */
            algorithm: "SHA-256";
            /** @description SHA-256 (hex) of the salt followed by the secret number. */
            challenge: string;
            /** @description The secret number is at most this. */
            maxnumber: number;
            /** @description Random salt; carries `?expires=<unix seconds>`. */
            salt: string;
            /** @description HMAC-SHA-256 (hex) of `challenge` with the server's key. */
            signature: string;
        };
        /** @description Sign-up form (multipart/form-data; empty fields are omitted). */
        SignUpForm: {
            firstName: string;
            lastName: string;
            email: components["schemas"]["Email"];
            /** @description At least 8 characters (product.md#limits). */
            password: string;
            /**
             * @description EDUCATOR accounts start PENDING until an admin approves them. Default LEARNER.
             * @enum {string}
             */
            role?: "LEARNER" | "EDUCATOR";
            /**
             * @description Language of the account's mails (the interface language at sign-up). Default en.
             * @enum {string}
             */
            language?: "en" | "ar";
            /** @description The token of the invitation being accepted (from the invitation link). The e-mail must be the invited one; the account joins the invitation's company with the invited role, and the invitation becomes ACCEPTED. */
            invitationToken?: string;
        };
        CompanyStyle: {
            primaryColor: string;
            secondaryColor: string;
            tertiaryColor: string;
        };
        /** @description Named links, http(s) or mailto only; `website` and `support` are known, others are allowed. */
        CompanyLinks: {
            website?: string;
            support?: string;
        } & {
            [key: string]: string;
        };
        CompanySettings: {
            companyId: number;
            style: components["schemas"]["CompanyStyle"];
            links: components["schemas"]["CompanyLinks"];
            /** @description URL of the company logo. */
            logo: string | null;
        };
        CompanySettingsUpdate: {
            style: components["schemas"]["CompanyStyle"];
            links: components["schemas"]["CompanyLinks"];
        };
        /** @description A member of a company as its partner sees them. */
        CompanyMember: {
            id: number;
            name: string;
            email: components["schemas"]["Email"];
            role: components["schemas"]["Role"];
            pictureUrl: string | null;
            /**
             * Format: date-time
             * @description When they accepted the company's invitation, else when they signed up.
             */
            joinedAt: string;
            /** @description Active enrollments. */
            enrollments: number;
            /** @description Lessons marked DONE over the enrolled sessions. */
            completedLessons: number;
            /** @description Lessons of the enrolled sessions' courses. */
            totalLessons: number;
        };
        /** @description A page of company members, newest member first. */
        PagedCompanyMember: {
            items: components["schemas"]["CompanyMember"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description Attended ÷ expected, 4 decimals; 0 when nothing was expected. */
        AttendanceRate: number;
        CompanyAttendanceSession: {
            sessionId: number;
            courseId: number;
            courseTitle: string;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            timezone: string;
            /** @description The company's learners with an ACTIVE enrollment in the session. */
            learners: number;
            /** @description Meeting occurrences whose start is at or before now (within the date filter). */
            meetingsHeld: number;
            /** @description Meetings held that the company's learners attended (one per learner and occurrence), PRESENT or LATE by the educator's mark, else by their join click. */
            attended: number;
            /** @description Learner-meetings the educator marked EXCUSED (left out of `expected`). */
            excused: number;
            /** @description meetingsHeld × learners − excused. */
            expected: number;
            rate: components["schemas"]["AttendanceRate"];
        };
        CompanyAttendanceLearner: {
            learner: components["schemas"]["Person"];
            email: string;
            /** @description Sessions of the filter the learner is enrolled in. */
            sessions: number;
            attended: number;
            /** @description Meetings held in those sessions. */
            held: number;
            /** @description Meetings held that the educator marked EXCUSED; the rate is attended ÷ (held − excused). */
            excused: number;
            rate: components["schemas"]["AttendanceRate"];
        };
        CompanyAttendanceWeek: {
            /**
             * Format: date
             * @description The Monday of the week (occurrence dates in the session's time zone).
             */
            weekStart: string;
            attended: number;
            /** @description Meetings held that week × the company's learners of each session, less those marked EXCUSED. */
            expected: number;
            rate: components["schemas"]["AttendanceRate"];
        };
        CompanyAttendanceAnalytics: {
            companyId: number;
            /** Format: date */
            from: string | null;
            /** Format: date */
            to: string | null;
            /** @description Courses in which the company's learners are enrolled (the course filter's choices), by title; not narrowed by the filters. */
            courses: {
                id: number;
                title: string;
            }[];
            /** @description Sessions in which the company's learners are enrolled (the session filter's choices), by start date; not narrowed by the filters. */
            sessionChoices: {
                id: number;
                courseId: number;
                courseTitle: string;
                /** Format: date */
                startDate: string;
            }[];
            /** @description Sessions with the company's learners, by start date then id. */
            sessions: components["schemas"]["CompanyAttendanceSession"][];
            /** @description The company's learners in those sessions, by name. */
            learners: components["schemas"]["CompanyAttendanceLearner"][];
            /** @description Weeks with at least one meeting held, oldest first. */
            weeks: components["schemas"]["CompanyAttendanceWeek"][];
            totals: {
                learners: number;
                sessions: number;
                meetingsHeld: number;
                attended: number;
                expected: number;
                rate: components["schemas"]["AttendanceRate"];
            };
        };
        Company: {
            id: number;
            name: string;
            /** @description Company code, e.g. NCAI, MOROCCO, QAD. */
            acronym: string;
            settings: components["schemas"]["CompanySettings"];
        };
        Category: {
            id: number;
            name: string;
            /** @description Arabic name. */
            nameAr: string;
            courseCount: number;
        };
        CategoryRef: {
            id: number;
            name: string;
            nameAr: string;
        };
        Language: {
            id: number;
            /** @description ISO 639-1 code, e.g. en. */
            code: string;
            name: string;
        };
        Skill: {
            id: number;
            name: string;
        };
        /** @enum {string} */
        Difficulty: "BEGINNER" | "INTERMEDIATE" | "ADVANCED";
        /** @enum {string} */
        CourseStatus: "DRAFT" | "PENDING" | "APPROVED" | "REJECTED" | "PUBLISHED" | "UNPUBLISHED";
        /** @enum {string} */
        SessionStatus: "PENDING" | "APPROVED" | "REJECTED" | "ACTIVE" | "EXPIRED";
        Person: {
            id: number;
            name: string;
            pictureUrl: string | null;
        };
        Rating: {
            /** @description Average rating, one decimal (0 when there are no reviews). */
            average: number;
            count: number;
        };
        /** @enum {string} */
        Weekday: "sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday";
        /** @description A weekly time slot. */
        WeekSlot: {
            /** @description HH:mm, in the session time zone. */
            start: string;
            /** @description HH:mm, in the session time zone. */
            end: string;
        };
        /** @description Weekly schedule: every weekday key is present; null = no meeting that day. */
        Weeks: {
            sunday: components["schemas"]["WeekSlot"] | null;
            monday: components["schemas"]["WeekSlot"] | null;
            tuesday: components["schemas"]["WeekSlot"] | null;
            wednesday: components["schemas"]["WeekSlot"] | null;
            thursday: components["schemas"]["WeekSlot"] | null;
            friday: components["schemas"]["WeekSlot"] | null;
            saturday: components["schemas"]["WeekSlot"] | null;
        };
        SessionSummary: {
            id: number;
            courseId: number;
            /**
             * Format: date
             * @description Calendar date in the session time zone.
             */
            startDate: string;
            /**
             * Format: date
             * @description Calendar date in the session time zone.
             */
            endDate: string;
            /** @description IANA time zone, e.g. America/New_York. */
            timezone: string;
            schedule: components["schemas"]["Weeks"];
            maxSeats: number;
            seatsTaken: number;
            seatsLeft: number;
            /** @description Decimal US dollars (2 decimals). */
            price: number;
            status: components["schemas"]["SessionStatus"];
            educator: components["schemas"]["Person"];
        };
        CourseRef: {
            id: number;
            title: string;
            pictureUrl: string;
        };
        /** @description The course fields shown on a session card. */
        CourseLite: {
            id: number;
            title: string;
            description: string;
            pictureUrl: string;
            /** @description Whole hours. */
            numHours: number;
            difficultyLevel: components["schemas"]["Difficulty"];
            category: components["schemas"]["CategoryRef"];
            language: components["schemas"]["Language"];
            rating: components["schemas"]["Rating"];
        };
        CourseSummary: {
            id: number;
            title: string;
            description: string;
            pictureUrl: string;
            /** @description Decimal US dollars (2 decimals). */
            price: number;
            /** @description Whole hours. */
            numHours: number;
            difficultyLevel: components["schemas"]["Difficulty"];
            category: components["schemas"]["CategoryRef"];
            language: components["schemas"]["Language"];
            educator: components["schemas"]["Person"];
            rating: components["schemas"]["Rating"];
            gainedSkills: components["schemas"]["Skill"][];
            nextSession: components["schemas"]["SessionSummary"] | null;
            status: components["schemas"]["CourseStatus"];
            /** @description Private courses are visible only to users of `companyId`. */
            isPrivate: boolean;
            companyId: number | null;
        };
        CourseInfo: components["schemas"]["CourseSummary"] & {
            about: string;
            videoUrl: string | null;
            requiredSkills: components["schemas"]["Skill"][];
            sessionsCount: number;
        };
        /**
         * @description learningObjective is also called learning path.
         * @enum {string}
         */
        LessonTypeCode: "meeting" | "video" | "reading" | "assignment" | "quiz" | "learningObjective" | "programmingAssignment" | "notes" | "liveSession";
        LessonType: {
            id: number;
            code: components["schemas"]["LessonTypeCode"];
            name: string;
        };
        Lesson: {
            id: number;
            name: string;
            order: number;
            type: components["schemas"]["LessonType"];
            /** @description Minutes. */
            duration: number;
            day: components["schemas"]["Weekday"] | null;
            /** @description HH:mm in the session time zone (meeting lessons). */
            startTime: string | null;
            /** @description Null unless the caller is enrolled, the educator or an admin. For a meeting or liveSession lesson, the URL its join answers (the pasted link, else the session's own video room; docs/classroom.md "Meeting room"). */
            link: string | null;
        };
        Section: {
            id: number;
            name: string;
            order: number;
            lessons: components["schemas"]["Lesson"][];
        };
        SyllabusWeek: {
            /** @description 1-based week number. */
            week: number;
            sections: components["schemas"]["Section"][];
        };
        Syllabus: {
            sessionId: number;
            /** @description IANA time zone. */
            timezone: string;
            weeks: components["schemas"]["SyllabusWeek"][];
        };
        /** @enum {string} */
        EnrollmentStatus: "ACTIVE" | "CANCELLED";
        Enrollment: {
            id: number;
            sessionId: number;
            userId: number;
            status: components["schemas"]["EnrollmentStatus"];
            /** Format: date-time */
            enrolledAt: string;
            /** @description Amount paid, integer cents (0 for free sessions). */
            paidAmount: number;
            session: components["schemas"]["SessionSummary"];
            course: components["schemas"]["CourseRef"];
        };
        /** @description `enrollment` is the caller's enrollment (only on /info/secured; always null on the public variant). */
        SessionInfo: components["schemas"]["SessionSummary"] & {
            course: components["schemas"]["CourseSummary"];
            enrollment: components["schemas"]["Enrollment"] | null;
        };
        SessionExploreItem: components["schemas"]["SessionSummary"] & {
            course: components["schemas"]["CourseLite"];
        };
        FeeRequest: {
            /** @description Decimal US dollars. */
            price: number;
        };
        /** @enum {string} */
        Currency: "USD";
        FeeQuote: {
            /** @description Decimal US dollars (2 decimals). */
            price: number;
            /** @description Platform fee, decimal US dollars. */
            fee: number;
            /** @description price + fee, decimal US dollars. */
            total: number;
            /** @description round(total × 100): what the client pays, integer cents. */
            amount: number;
            currency: components["schemas"]["Currency"];
        };
        WalletPaymentRequest: {
            sessionId: components["schemas"]["Id"];
            /** @description Integer cents; must equal the fee quote of the session, or of the session with the discount code (else 422). 0 only with a code that takes the whole price off (nothing is debited). */
            amount: number;
            /** @description A discount code for this session (case-insensitive); the amount must then be the code's quote (POST /payments/discount-codes/quote). Refusals are 409/422 with `errors[0].path` = `discountCode` and `errors[0].message` the reason (see DiscountRefusal). */
            discountCode?: string;
        };
        /** @description Why the last attempt failed (Stripe's error codes). */
        PaymentError: {
            /**
             * @example card_declined
             * @example insufficient_funds
             * @example authentication_failed
             */
            code: string;
            message: string;
        };
        /** @description What the customer must do next (3-D Secure). */
        NextAction: {
            /** @enum {string} */
            type: "three_d_secure";
            /** @description Where the 3-D Secure step happens (sandbox: the app's own step). */
            url: string;
        };
        AuthenticationResult: {
            /** @enum {string} */
            result: "succeed" | "fail";
        };
        RemovedCard: {
            id: string;
        };
        TestCard: {
            /** @description Stripe test token, e.g. tok_visa. */
            token: string;
            brand: string;
            last4: string;
            /** @enum {string} */
            outcome: "succeeds" | "declined" | "insufficient_funds" | "requires_authentication";
        };
        PaymentConfig: {
            /** @enum {string} */
            gateway: "sandbox" | "stripe";
            publishableKey: string | null;
            currency: components["schemas"]["Currency"];
            /** @description How long a seat is held for an unfinished card payment. */
            holdMinutes: number;
            testCards: components["schemas"]["TestCard"][];
        };
        Payout: {
            /** @description po_… */
            id: string;
            /** @description Integer US cents. */
            amount: number;
            /** @enum {string} */
            status: "pending" | "paid" | "failed";
            externalAccountId: string;
            /** Format: date-time */
            createdAt: string;
        };
        Earnings: {
            currency: components["schemas"]["Currency"];
            /** @description Dollars earned in sessions not ended yet. */
            pending: number;
            /** @description Dollars of delivered sessions not paid out yet. */
            payable: number;
            /** @description Dollars paid out in total. */
            paidOut: number;
            payouts: components["schemas"]["Payout"][];
        };
        /**
         * @description Why a discount code was refused, in `errors[0].message` (with `errors[0].path` = `discountCode`) of a 409/422 answer:
         *     unknown (no such code), notYetValid, expired, exhausted (409: every use taken), learnerLimit (409: this learner used it
         *     as often as allowed), otherCompany (a partner's code for another company's members), wrongCourse, wrongSession.
         * @enum {string}
         */
        DiscountRefusal: "unknown" | "notYetValid" | "expired" | "exhausted" | "learnerLimit" | "otherCompany" | "wrongCourse" | "wrongSession";
        /**
         * @description `percent`: percentOff % of the price; `fixed`: amountOff cents (never below 0).
         * @enum {string}
         */
        DiscountCodeKind: "percent" | "fixed";
        /** @description A new discount code. Educators for their own courses, partners for their company's members, admins for any course. */
        DiscountCodeRequest: {
            /** @description 3–32 letters, digits, `-` or `_`; stored upper-case, unique. */
            code: string;
            kind: components["schemas"]["DiscountCodeKind"];
            /** @description Required for `percent`. */
            percentOff?: number;
            /** @description Integer cents; required for `fixed`. */
            amountOff?: number;
            courseId: components["schemas"]["Id"];
            /** @description Only this session of the course (optional). */
            sessionId?: components["schemas"]["Id"];
            /** Format: date-time */
            validFrom: string;
            /**
             * Format: date-time
             * @description After validFrom.
             */
            validTo: string;
            /** @description Uses in all. */
            maxUses: number;
            /** @default 1 */
            maxUsesPerLearner: number;
        };
        DiscountCodeUse: {
            learnerName: string;
            sessionId: components["schemas"]["Id"];
            /** @description Integer cents taken off. */
            discount: number;
            /** Format: date-time */
            usedAt: string;
        };
        DiscountCode: {
            id: components["schemas"]["Id"];
            code: string;
            kind: components["schemas"]["DiscountCodeKind"];
            percentOff: number | null;
            /** @description Integer cents. */
            amountOff: number | null;
            courseId: components["schemas"]["Id"];
            courseTitle: string;
            sessionId: number | null;
            /** @description A partner's code: only this company's members may use it. */
            companyId: number | null;
            /** Format: date-time */
            validFrom: string;
            /** Format: date-time */
            validTo: string;
            maxUses: number;
            maxUsesPerLearner: number;
            /** @description Uses counted so far (at most maxUses). */
            uses: number;
            /** @description The newest 20 uses. */
            recentUses: components["schemas"]["DiscountCodeUse"][];
            /** Format: date-time */
            createdAt: string;
        };
        DiscountQuoteRequest: {
            sessionId: components["schemas"]["Id"];
            code: string;
        };
        /** @description A session's price with a discount code; the fee is the platform fee on the discounted price (none when it is 0). */
        DiscountQuote: {
            /** @description The code as stored (upper-case). */
            code: string;
            /** @description The session's price before the code, decimal US dollars. */
            listPrice: number;
            /** @description What the code takes off, decimal US dollars. */
            discount: number;
            /** @description listPrice − discount, decimal US dollars. */
            price: number;
            /** @description Platform fee on price, decimal US dollars. */
            fee: number;
            /** @description price + fee, decimal US dollars. */
            total: number;
            /** @description round(total × 100): what the learner pays, integer cents. */
            amount: number;
            currency: components["schemas"]["Currency"];
        };
        /** @description A Stripe event (https://docs.stripe.com/api/events/object); only `type` and `data.object.id` are read. */
        StripeEvent: {
            id: string;
            type: string;
            data: {
                /** @description The event's object (for payment intents, a Stripe PaymentIntent). */
                object: {
                    id?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        /** @enum {string} */
        PaymentIntentStatus: "requires_payment_method" | "requires_confirmation" | "processing" | "requires_action" | "succeeded" | "canceled";
        /** @enum {string} */
        PaymentMethodKind: "card" | "wallet";
        PaymentIntent: {
            /** @description Intent id, "pi_…". */
            id: string;
            status: components["schemas"]["PaymentIntentStatus"];
            /** @description Integer US cents. */
            amount: number;
            currency: components["schemas"]["Currency"];
            sessionId: number;
            paymentMethod: components["schemas"]["PaymentMethodKind"];
            /** @description Set once the payment succeeded and the learner is enrolled. */
            enrollmentId: number | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Until when the seat is held for an unfinished card payment; null once settled.
             */
            expiresAt: string | null;
            lastPaymentError: null | components["schemas"]["PaymentError"];
            nextAction: null | components["schemas"]["NextAction"];
        };
        WalletEntry: {
            id: number;
            /** @description Signed integer cents (negative = debit). */
            amount: number;
            /** @enum {string} */
            reason: "TOP_UP" | "PAYMENT" | "REFUND" | "CREDIT";
            sessionId: number | null;
            session: null | components["schemas"]["WalletSessionRef"];
            /** @description The server's English description (the SPA names the session from `session` instead). */
            description: string;
            /** Format: date-time */
            createdAt: string;
        };
        Wallet: {
            /** @description Decimal US dollars (sum of the ledger entries). */
            balance: number;
            currency: components["schemas"]["Currency"];
            /** @description Newest first, at most 50. */
            entries: components["schemas"]["WalletEntry"][];
        };
        /** @description The course form's initial data (product.md#entities). Money in dollars; skills both as CourseSkill entries and as the form's `|`-joined ids. */
        CourseEditorData: {
            id: number;
            status: components["schemas"]["CourseStatus"];
            /** @description Reason of the last rejection, if any. */
            moderationMessage: string | null;
            title: string;
            courseCategoryId: number;
            languageId: number;
            description: string;
            about: string;
            /** @description Decimal US dollars. */
            price: number;
            numHours: number;
            difficultyLevel: components["schemas"]["Difficulty"];
            hasMultiInstructors: boolean;
            isPrivate: boolean;
            companyId: number | null;
            /** @description Upload id of the picture; null for pictures not uploaded through the editor. */
            pictureId: number | null;
            pictureUrl: string | null;
            videoId: number | null;
            videoUrl: string | null;
            courseSkills: {
                /** @enum {string} */
                type: "REQUIRED" | "GAINED";
                skill: components["schemas"]["Skill"];
            }[];
            /** @description Skill ids joined with '|'. */
            requiredSkills: string;
            /** @description Skill ids joined with '|'. */
            gainedSkills: string;
            /** @description The course's first session (the one the form edits), or null. */
            session: null | {
                id: number;
                /** Format: date */
                startDate: string;
                /** Format: date */
                endDate: string;
                timezone: string;
                maxSeats: number;
                status: components["schemas"]["SessionStatus"];
            };
            /** @description Weekly slots of that session, or null. */
            weeks: null | components["schemas"]["Weeks"];
            syllabus: components["schemas"]["EditorSyllabusWeek"][];
        };
        /** @description A week of the course editor's syllabus; like SyllabusWeekInput, with each lesson's id (for the lesson-authoring screen, GET /lessons/{id}/authoring). */
        EditorSyllabusWeek: {
            week: number;
            sections: {
                name: string;
                order: number;
                lessons: {
                    id: number;
                    lessonTypeId: number;
                    name: string;
                    order: number;
                    /** @description Minutes. */
                    duration: number;
                    link: string | null;
                }[];
            }[];
        };
        DashboardPoint: {
            /** @description Week start (YYYY-MM-DD) for time series, or a key such as a role. */
            label: string;
            value: number;
        };
        DashboardStats: {
            role: components["schemas"]["Role"];
            /** @description True while the caller is in their account's first sign-in (the page greets "Welcome", not "Welcome back"). */
            firstSignIn: boolean;
            /** @description Counters by name. Learners: enrollments, upcomingSessions, walletBalance (dollars); educators: courses, sessions, learners, earnings; partners: users, invitations, enrollments; admins: users, courses, sessions, pendingSessions, pendingUsers, revenue (dollars). */
            counters: {
                [key: string]: number;
            };
            /** @description Chart series by name. Admins: usersByRole, enrollmentsByWeek, revenueByWeek (dollars); educators: enrollmentsByWeek, earningsByWeek (dollars); learners and partners: enrollmentsByWeek. Weeks start on Monday (UTC), the last 12. */
            series: {
                [key: string]: components["schemas"]["DashboardPoint"][];
            };
        };
        Timezone: {
            /** @description IANA time zone id. */
            id: string;
            name: string;
            /** @description Current UTC offset, e.g. -05:00. */
            offset: string;
        };
        Review: {
            id: number;
            ratingValue: number;
            content: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its author last edited it; null when never edited.
             */
            updatedAt: string | null;
            author: components["schemas"]["Person"];
        };
        /** @description The signed-in learner's review of a course and whether they may write one (docs/decisions.md "Reviews"). */
        MyCourseReview: {
            review: components["schemas"]["Review"] | null;
            /**
             * @description `ELIGIBLE`: enrolled in a session of the course that has started; `NOT_STARTED`: enrolled, no such session started yet; `NOT_ENROLLED`: no ACTIVE enrollment in a session of the course.
             * @enum {string}
             */
            eligibility: "ELIGIBLE" | "NOT_STARTED" | "NOT_ENROLLED";
            /**
             * Format: date
             * @description With `NOT_STARTED`, the earliest start date of the caller's sessions of the course (in the session's time zone); else null.
             */
            startDate: string | null;
        };
        /** @description A page of courses. */
        PagedCourseSummary: {
            items: components["schemas"]["CourseSummary"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description A course with its moderation state (product.md#entities statuses), as admins and its educator see it. */
        ModeratedCourse: components["schemas"]["CourseSummary"] & {
            /** @description The message of the last decision (rejection or unpublication reason, approval note), or null. */
            moderationMessage: string | null;
            /**
             * Format: date-time
             * @description When the course was last sent for review (null for a course never sent).
             */
            submittedAt: string | null;
            /** @description Sessions of the course waiting for review (approving one publishes the course). */
            pendingSessions: number;
        };
        /** @description A page of courses with their moderation state. */
        PagedModeratedCourse: {
            items: components["schemas"]["ModeratedCourse"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description A page of sessions with their course. */
        PagedSessionExploreItem: {
            items: components["schemas"]["SessionExploreItem"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description A page of reviews, newest first. */
        PagedReview: {
            items: components["schemas"]["Review"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description A confirmation for calls that create nothing the client needs. */
        Acknowledgement: {
            message: string;
        };
        /** @description Id of what was deleted. */
        DeletedRef: {
            id: number;
        };
        AccountFields: {
            firstName: string;
            lastName: string;
            email: components["schemas"]["Email"];
            /** @description At least 8 characters (product.md#limits). */
            password: string;
            /**
             * @description Language of the account's mails (the interface language at sign-up). Default en.
             * @enum {string}
             */
            language?: "en" | "ar";
        };
        Address: {
            id: number;
            line1: string;
            line2: string | null;
            city: string;
            /** @description State, province or region. */
            state: string | null;
            postalCode: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country: string;
            isDefault: boolean;
        };
        AddressInput: {
            line1: string;
            line2?: string | null;
            city: string;
            /** @description State, province or region. */
            state?: string | null;
            postalCode: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country: string;
            /** @description Make this the default address. Default false. */
            isDefault?: boolean;
        };
        CompanySignUpRequest: {
            company: {
                name: string;
                /** @description Company code, upper case (e.g. NCAI). */
                acronym: string;
                website?: string;
                phone?: string;
                address: components["schemas"]["AddressInput"];
                /**
                 * @description The company's language, used for mails to people who have no account yet (invitations). Default en.
                 * @enum {string}
                 */
                language?: "en" | "ar";
            };
            account: components["schemas"]["AccountFields"];
        };
        PasswordResetRequest: {
            email: components["schemas"]["Email"];
            /**
             * @description Interface language, for the mail to an address that has no account. Default en.
             * @enum {string}
             */
            language?: "en" | "ar";
        };
        PasswordReset: {
            email: components["schemas"]["Email"];
            /** @description Token from the reset e-mail. */
            token: string;
            /** @description At least 8 characters (product.md#limits). */
            password: string;
            /** @description Must equal `password` (else 400 on `confirmPassword`). */
            confirmPassword: string;
        };
        PasswordChange: {
            oldPassword: string;
            /** @description The */
            newPassword: string;
        };
        /** @description A changed password, and a fresh token for the caller (the tokens issued before stop working). */
        PasswordChanged: {
            message: string;
            /** @description Bearer JWT replacing the caller's. */
            token: string;
            /** Format: date-time */
            expiresAt: string;
        };
        ProfileUpdate: {
            firstName: string;
            lastName: string;
            /**
             * @description Language of the mails the user receives. Unchanged when absent.
             * @enum {string}
             */
            language?: "en" | "ar";
        };
        /** @description A page of users. */
        PagedUser: {
            items: components["schemas"]["User"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description Reason given to the user or educator (mailed to them). */
        ModerationRequest: {
            message: string;
        };
        ApprovalRequest: {
            /** @description Optional note to the educator. */
            message?: string;
        };
        /**
         * @description The role an invitee gets in the company (a partner invites learners and educators).
         * @enum {string}
         */
        InviteRole: "LEARNER" | "EDUCATOR";
        /** @enum {string} */
        InvitationStatus: "PENDING" | "ACCEPTED" | "EXPIRED";
        Invitation: {
            id: number;
            email: components["schemas"]["Email"];
            role: components["schemas"]["InviteRole"];
            companyId: number;
            status: components["schemas"]["InvitationStatus"];
            invitedBy: components["schemas"]["Person"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
        };
        /** @description A page of invitations, newest first. */
        PagedInvitation: {
            items: components["schemas"]["Invitation"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description What an invitation link shows before the invitee signs up or in. */
        InvitationPreview: {
            email: components["schemas"]["Email"];
            role: components["schemas"]["InviteRole"];
            companyName: string;
            companyAcronym: string;
            status: components["schemas"]["InvitationStatus"];
            /** Format: date-time */
            expiresAt: string;
            /** @description Whether an account with the invited e-mail exists (then the invitee signs in and accepts; otherwise signs up). */
            hasAccount: boolean;
        };
        InviteRequest: {
            email: components["schemas"]["Email"];
            role: components["schemas"]["InviteRole"];
            companyId?: components["schemas"]["ChosenCompanyId"];
        };
        /** @description multipart/form-data. */
        BulkInviteForm: {
            /** @description CSV or XLSX with columns `email` and `role` (header row first). */
            file: Blob;
            companyId?: components["schemas"]["ChosenCompanyId"];
        };
        BulkInviteResult: {
            invited: components["schemas"]["Invitation"][];
            /** @description Rows not invited, with the reason. */
            skipped: components["schemas"]["BulkInviteRow"][];
            /** @description Every data row of the file in order, with what happened to it (the screen's table and its CSV download). */
            report: components["schemas"]["BulkInviteRow"][];
        };
        /** @description One data row of a bulk invitation file and its outcome. */
        BulkInviteRow: {
            /** @description 1-based row in the file (header = row 1). */
            row: number;
            email: string | null;
            /** @description The role as written in the file. */
            role: string | null;
            outcome: components["schemas"]["BulkInviteOutcome"];
            /** @description The outcome in English words (e.g. "Already a member of the company"). */
            message: string;
        };
        /**
         * @description INVITED (an invitation was made and mailed), or why the row was skipped.
         * @enum {string}
         */
        BulkInviteOutcome: "INVITED" | "ALREADY_MEMBER" | "ALREADY_INVITED" | "INVALID_EMAIL" | "UNKNOWN_ROLE" | "DUPLICATE_IN_FILE";
        MailRequest: {
            message: string;
            /** @description Recipient user ids. */
            userIdsTo: components["schemas"]["Id"][];
        };
        MailReceipt: {
            /** @description Number of e-mails queued. */
            recipients: number;
        };
        ContactRequest: {
            name: string;
            email: components["schemas"]["Email"];
            subject: string;
            message: string;
        };
        /** @description A message sent with the contact form, as stored for the admins' inbox. */
        ContactMessage: {
            id: number;
            name: string;
            email: components["schemas"]["Email"];
            subject: string;
            message: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When an admin first marked it as read; null while unread.
             */
            readAt: string | null;
        };
        /** @description A page of contact messages, newest first. */
        PagedContactMessage: {
            items: components["schemas"]["ContactMessage"][];
            /** @description Number of items over all pages. */
            total: number;
            /** @description Number of unread messages (whatever the filter). */
            unread: number;
            page: number;
            pageSize: number;
        };
        /** @description A request for a new session of an existing course (moderated by an admin). */
        SessionRequest: {
            courseId: components["schemas"]["Id"];
            /**
             * Format: date
             * @description First day, calendar date in `timezone`.
             */
            startDate: string;
            /**
             * Format: date
             * @description Last day, calendar date in `timezone`; not before startDate (else 422).
             */
            endDate: string;
            /** @description IANA time zone (see GET /timezones/us). */
            timezone: string;
            schedule: components["schemas"]["Weeks"];
            /** @description Seats, 1–5000 (large live cohorts); more → 400. */
            maxSeats: number;
            /** @description Decimal US dollars. */
            price: number;
        };
        SessionListItem: components["schemas"]["SessionSummary"] & {
            course: components["schemas"]["CourseRef"];
            /** @description Message of the last approval or rejection. */
            moderationMessage: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A page of sessions. */
        PagedSessionListItem: {
            items: components["schemas"]["SessionListItem"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        SessionLearner: {
            enrollmentId: number;
            userId: number;
            name: string;
            email: components["schemas"]["Email"];
            pictureUrl: string | null;
            /** Format: date-time */
            enrolledAt: string;
            status: components["schemas"]["EnrollmentStatus"];
        };
        /** @description A page of learners of a session. */
        PagedSessionLearner: {
            items: components["schemas"]["SessionLearner"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        LessonInput: {
            lessonTypeId: components["schemas"]["Id"];
            name: string;
            /** @description Defaults to the position in the list. */
            order?: number;
            /** @description Minutes. */
            duration: number;
            /** @description An http(s) link or an uploaded file (`/uploads/…`); no other scheme (`javascript:`, `data:`…). */
            link?: string | null;
            day?: components["schemas"]["Weekday"] | null;
            /** @description HH:mm in the session time zone. */
            startTime?: string | null;
        };
        SectionInput: {
            name: string;
            /** @description Defaults to the position in the list. */
            order?: number;
            lessons: components["schemas"]["LessonInput"][];
        };
        SyllabusWeekInput: {
            week: number;
            sections: components["schemas"]["SectionInput"][];
        };
        /** @description The session's syllabus, replacing the current one. An empty list resets it to a copy of the course's syllabus. */
        SessionContentUpdate: components["schemas"]["SyllabusWeekInput"][];
        /** @description Course editor payload (multipart/form-data). Scalar fields are typed by meaning; the server coerces the form strings. Indexed fields: `requiredSkills[i]` and `gainedSkills[i]` (skill ids), `sections[week][i][name|order]`, `lessons[week][section][lesson][lessonTypeId|name|order|duration|link]`; the order of sections and lessons defaults to their position. */
        CourseForm: {
            /**
             * @description `save` keeps the course a DRAFT; `submit` sends it for review (PENDING).
             * @enum {string}
             */
            action: "save" | "submit";
            title: string;
            about?: string;
            description: string;
            courseCategoryId: components["schemas"]["Id"];
            /** @description Default 1 (English). */
            languageId?: components["schemas"]["Id"];
            /** @description Upload id from POST /courses/picture; required when creating a course. */
            pictureId?: components["schemas"]["Id"];
            /** @description Company of a private course. */
            companyId?: components["schemas"]["Id"];
            /** @description Upload id from POST /courses/video. */
            videoId?: components["schemas"]["Id"];
            /** @description Default false. */
            hasMultiInstructors?: boolean;
            /** @description Visible only to users of `companyId` (and admins). Only a member of a company (educator or partner) or an admin may make a course private; without `companyId` it is the caller's company (an edited course keeps its own), and a private course of no company → 400 on `companyId`. Default false. */
            isPrivate?: boolean;
            /** @description Decimal US dollars. Default 0. */
            price: number;
            /** @description Whole hours. */
            numHours: number;
            /** @description Seats of the first session, 1–5000; more → 400. */
            maxSeats?: number;
            difficultyLevel: components["schemas"]["Difficulty"];
            /**
             * Format: date
             * @description First session: first day, in `timezone`.
             */
            startDate?: string;
            /**
             * Format: date
             * @description First session: last day, in `timezone`.
             */
            endDate?: string;
            /** @description IANA time zone of the first session. */
            timezone?: string;
            /** @description Always true. Default true. */
            recurring?: boolean;
            /** @description JSON text of the weekly schedule (a Weeks object: sunday…saturday → {start, end} or null), or an empty list. Default []. */
            weeks?: string;
        } & {
            [key: string]: number | string;
        };
        /** @description The saved course and, when the form carried session fields, its (first) session. */
        SavedCourse: {
            course: components["schemas"]["CourseInfo"];
            session: components["schemas"]["SessionSummary"] | null;
        };
        WaitlistRequest: {
            email: components["schemas"]["Email"];
            /**
             * @description A guest's language for the confirmation and session mails (default en); a signed-in user's account language is used instead.
             * @enum {string}
             */
            language?: "en" | "ar";
        };
        WaitlistEntry: {
            courseId: number;
            email: components["schemas"]["Email"];
            /** @description Whether the address is confirmed (a signed-in user's at once, a guest's by the mailed link); only confirmed entries are mailed. */
            confirmed: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A confirmed waitlist entry with the title of its course. */
        WaitlistConfirmation: components["schemas"]["WaitlistEntry"] & {
            courseTitle: string;
        };
        ReviewRequest: {
            ratingValue: number;
            content: string;
        };
        /** @enum {string} */
        SubmissionStatus: "SUBMITTED" | "AUTOGRADED" | "DONE";
        /** @description One submission of an assignment or programming assignment; every submission is kept (history), newest first in lists. */
        Submission: {
            id: number;
            /** @description The assignment (or programmingAssignment) lesson. */
            assignmentId: number;
            assignmentName?: string;
            sessionId: number;
            /** @enum {string} */
            kind: "DOCUMENT" | "CODE";
            learner: components["schemas"]["Person"];
            /** @description The submitted file (DOCUMENT). */
            document: {
                url: string;
                fileName: string;
            } | null;
            /** @description The submitted source code (CODE), kept as submitted; its learner, the session's educator and admins read it. */
            code: string | null;
            /** @description The language of a CODE submission (the lab's language when it was submitted); null for documents. */
            language?: components["schemas"]["LabLanguage"] | null;
            /** @description Per-test results (CODE). */
            results: components["schemas"]["ProgrammingTestResult"][] | null;
            status: components["schemas"]["SubmissionStatus"];
            /** @description Points out of `points`. */
            grade: number | null;
            /** @description Maximum points of the assignment. */
            points: number;
            /** @description Submitted after the deadline (only when the educator allows late work). */
            late: boolean;
            comment: string | null;
            /** Format: date-time */
            submittedAt: string;
            /** Format: date-time */
            gradedAt: string | null;
        };
        /** @description A page of submissions, newest first. */
        PagedSubmission: {
            items: components["schemas"]["Submission"][];
            /** @description Number of items over all pages. */
            total: number;
            page: number;
            pageSize: number;
        };
        /** @description multipart/form-data. */
        SubmissionForm: {
            /** @description pdf, doc, docx, xls, xlsx, ppt, pptx or zip. */
            document: Blob;
            /** @description The session submitted for; needed only when the learner is enrolled in more than one session of the course. */
            sessionId?: components["schemas"]["Id"];
        };
        GradeRequest: {
            /** @description Points with at most two decimals, at most the assignment's points (422 beyond). */
            grade: number;
            comment?: string | null;
        };
        Card: {
            /** @description Payment method id, "pm_…". */
            id: string;
            /** @description visa, mastercard, amex, … */
            brand: string;
            last4: string;
            expMonth: number;
            expYear: number;
            isDefault: boolean;
        };
        CardRequest: {
            /** @description Card token or payment method id from the gateway ("tok_…" or "pm_…"). */
            source: string;
        };
        CardPaymentIntentRequest: {
            sessionId: components["schemas"]["Id"];
            /** @description Integer cents; must equal the session's fee-quote amount, or its discount-code quote (else 422). */
            amount: number;
            /** @description A discount code for this session (case-insensitive); the amount must then be the code's quote (POST /payments/discount-codes/quote). Refusals are 409/422 with `errors[0].path` = `discountCode` and `errors[0].message` the reason (see DiscountRefusal). */
            discountCode?: string;
        };
        ConfirmPaymentRequest: {
            /** @description Id of one of the caller's saved cards ("pm_…"). */
            paymentMethod: string;
        };
        ExternalAccount: {
            /** @description Bank account id, "ba_…". */
            id: string;
            bankName: string;
            /** @description The last four characters of the account number or IBAN; the full number is never stored. */
            last4: string;
            country: string;
            currency: components["schemas"]["Currency"];
            /** @enum {string} */
            status: "new" | "validated" | "verified" | "verification_failed" | "errored";
        };
        /**
         * @description The educator's bank details. `iban` for an IBAN country, or, for `country` US, `routingNumber` (9 digits, ABA
         *     checksum) and `accountNumber`. Checked by the server (400 naming the field), then turned into the gateway's
         *     bank account; only the last four digits are kept.
         */
        BankAccountRequest: {
            accountHolderName: string;
            /** @description ISO 3166-1 alpha-2 country of the bank. */
            country: string;
            /** @description The IBAN (spaces allowed), for every country but US. */
            iban?: string;
            /** @description US ABA routing number. */
            routingNumber?: string;
            /** @description US account number. */
            accountNumber?: string;
        };
        TopUpRequest: {
            /** @description Integer US cents to add to the wallet, from 100 ($1.00) to 100000 ($1,000.00) (decisions.md Wallet top-ups). */
            amount: number;
            /** @description One of the caller's saved cards ("pm_…"). */
            paymentMethod: string;
        };
        /** @description A card charge that credits the caller's wallet (credited once `succeeded`). */
        TopUp: {
            /** @description Top-up id, "tu_…". */
            id: string;
            status: components["schemas"]["TopUpStatus"];
            /** @description Integer US cents. */
            amount: number;
            currency: components["schemas"]["Currency"];
            /** @description The saved card charged ("pm_…"). */
            paymentMethod: string;
            /** Format: date-time */
            createdAt: string;
            lastPaymentError: null | components["schemas"]["PaymentError"];
            nextAction: null | components["schemas"]["NextAction"];
        };
        /** @description A learner's target skill with its progress (docs/decisions.md "Learning goals"). */
        LearningGoal: {
            id: number;
            skill: components["schemas"]["Skill"];
            /** @description Percent. 100 when a completed course gained the skill; else the best of `courses[].progress` (at most 99); 0 without any. */
            progress: number;
            /** @description The skill is gained (a course that teaches it is completed). */
            achieved: boolean;
            /** @description The caller's ACTIVE enrollments in sessions of courses that teach the skill, completed first. */
            courses: components["schemas"]["LearningGoalCourse"][];
            /** @description Published courses the caller may see that teach the skill and that the caller is not enrolled in (empty once achieved). */
            suggestions: components["schemas"]["LearningGoalSuggestion"][];
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A course the caller is enrolled in that teaches a goal's skill, through one session. */
        LearningGoalCourse: {
            id: number;
            title: string;
            pictureUrl: string;
            sessionId: number;
            /**
             * Format: date
             * @description The session's first day, in its time zone.
             */
            startDate: string;
            /**
             * Format: date
             * @description The session's last day, in its time zone.
             */
            endDate: string;
            /** @description The session's end date has passed in its time zone. */
            completed: boolean;
            /** @description Percent of the session's days elapsed (100 when completed). */
            progress: number;
        };
        /** @description A course that teaches a goal's missing skill. */
        LearningGoalSuggestion: {
            id: number;
            title: string;
            pictureUrl: string;
            difficultyLevel: components["schemas"]["Difficulty"];
            /**
             * Format: date
             * @description Start date of the course's earliest session a learner can still join (approved or running, not ended), or null when none.
             */
            nextSessionStartDate: string | null;
        };
        LearningGoalRequest: {
            skillId: components["schemas"]["Id"];
        };
        /** @enum {string} */
        UploadKind: "COURSEPICTURE" | "COURSEVIDEO" | "PROFILEPICTURE" | "RESUME" | "SIGNATURE" | "LESSON" | "COMPANYLOGO" | "QUESTIONPICTURE";
        Upload: {
            id: number;
            url: string;
            type: components["schemas"]["UploadKind"];
        };
        /**
         * @description A learner's status on a lesson (product.md#entities statuses; docs/classroom.md "Lesson status"); null when not started.
         * @enum {string}
         */
        LessonProgressStatus: "IN_PROGRESS" | "SUBMITTED" | "AUTOGRADED" | "DONE";
        /** @description One occurrence of a meeting lesson (docs/classroom.md "Meeting slot"). Instants are UTC; `occurrenceDate` is the date in the session's time zone. */
        MeetingOccurrence: {
            /** Format: date */
            occurrenceDate: string;
            /** Format: date-time */
            startsAt: string;
            /** Format: date-time */
            endsAt: string;
            /**
             * Format: date-time
             * @description The join window opens 10 minutes before the start (JOIN_OPENS_MINUTES_BEFORE).
             */
            opensAt: string;
            /** @description The caller joined this occurrence (always false for the educator). */
            attended: boolean;
        };
        ClassroomLesson: {
            id: number;
            name: string;
            order: number;
            type: components["schemas"]["LessonType"];
            /** @description Minutes. */
            duration: number;
            day: components["schemas"]["Weekday"] | null;
            /** @description HH:mm in the session time zone (meeting lessons). */
            startTime: string | null;
            status: components["schemas"]["LessonProgressStatus"] | null;
            /**
             * Format: date-time
             * @description Submissions and new attempts close then (end of the lesson's week), for assignments, quizzes and programming assignments.
             */
            deadline: string | null;
            /** @description Maximum points of a graded lesson. */
            points: number | null;
            /** @description The caller's best grade (learners), null when none. */
            grade: number | null;
            /** @description Meeting and liveSession lessons, the current or next occurrence; null when none is left. */
            nextOccurrence: components["schemas"]["MeetingOccurrence"] | null;
        };
        ClassroomSection: {
            id: number;
            name: string;
            order: number;
            lessons: components["schemas"]["ClassroomLesson"][];
        };
        ClassroomWeek: {
            week: number;
            /**
             * Format: date
             * @description First day of the week, in the session's time zone.
             */
            startsOn: string;
            /** Format: date-time */
            deadline: string;
            sections: components["schemas"]["ClassroomSection"][];
        };
        NextMeeting: {
            lessonId: number;
            lessonName: string;
            occurrence: components["schemas"]["MeetingOccurrence"];
        };
        /** @description A session's classroom for one viewer (docs/classroom.md). */
        Classroom: {
            sessionId: number;
            courseId: number;
            courseTitle: string;
            educator: components["schemas"]["Person"];
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** @description IANA time zone of the session. */
            timezone: string;
            status: components["schemas"]["SessionStatus"];
            /**
             * @description How the caller reaches the classroom (enrolled learner, the session's educator, or an admin).
             * @enum {string}
             */
            viewerRole: "LEARNER" | "EDUCATOR" | "ADMIN";
            weeks: components["schemas"]["ClassroomWeek"][];
            nextMeeting: components["schemas"]["NextMeeting"] | null;
            progress: {
                done: number;
                total: number;
            };
        };
        ChatMessageInput: {
            /** @description Plain text (never HTML), 1 to 1000 characters once trimmed. */
            text: string;
        };
        /** @description A message of a session chat (plain text; clients show it as text, never as HTML). */
        ChatMessage: {
            id: number;
            sessionId: number;
            author: components["schemas"]["Person"];
            /**
             * @description The author's part in the session (the educator's messages are marked as such).
             * @enum {string}
             */
            authorRole: "LEARNER" | "EDUCATOR";
            text: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A page of a session chat's history, oldest first. */
        ChatHistory: {
            items: components["schemas"]["ChatMessage"][];
            /** @description The `before` of the previous (older) page, or null when this page reaches the first message. */
            nextBefore: number | null;
        };
        ProgrammingTestPublic: {
            name: string;
            /** @description The arguments the function is called with (the expected values stay on the server). */
            args: unknown[];
        };
        ClassroomLessonDetail: {
            sessionId: number;
            lesson: components["schemas"]["ClassroomLesson"];
            /** @description Reading, notes and learning-path introduction, sanitised HTML. */
            contentHtml: string | null;
            videoUrl: string | null;
            /** @description WebVTT captions of the video. */
            captionsUrl: string | null;
            allowLate: boolean;
            timeLimitMinutes: number | null;
            questionCount: number;
            programming: {
                language: components["schemas"]["LabLanguage"];
                functionName: string;
                starterCode: string;
                tests: components["schemas"]["ProgrammingTestPublic"][];
            } | null;
            /** @description Meeting and liveSession lessons, every occurrence (empty for other types). */
            occurrences: components["schemas"]["MeetingOccurrence"][];
        };
        LessonProgressRequest: {
            /** @enum {string} */
            status: "IN_PROGRESS" | "DONE";
        };
        LessonProgress: {
            lessonId: number;
            sessionId: number;
            status: components["schemas"]["LessonProgressStatus"];
        };
        MeetingJoin: {
            /** @description The URL to open, the lesson's pasted link, else the session's own video room at the conferencing provider (`MEETING_BASE_URL`, Jitsi Meet by default). */
            url: string;
            occurrence: components["schemas"]["MeetingOccurrence"];
            /** @description Attendance was recorded by this call (false for the educator, or when already recorded). */
            recorded: boolean;
        };
        AttendanceMeeting: {
            lessonId: number;
            lessonName: string;
            /** Format: date */
            occurrenceDate: string;
            /** Format: date-time */
            startsAt: string;
            attendees: number;
            /** @description Ids of the learners (see `learners`) who attended this occurrence (PRESENT or LATE, the educator's mark winning over the join click), ascending. */
            attendeeIds: number[];
        };
        AttendanceLearner: {
            learner: components["schemas"]["Person"];
            /** @description Meetings held the learner attended (PRESENT or LATE by the educator's mark, else by their join click). */
            attended: number;
            /** @description Meeting occurrences that have started so far. */
            held: number;
            /** @description Meetings held the educator marked EXCUSED; `rate` is attended ÷ (held − excused), 0 when that is 0. */
            excused: number;
            rate: number;
        };
        SessionAttendance: {
            sessionId: number;
            /** @description Occurrences that have started, oldest first. */
            meetings: components["schemas"]["AttendanceMeeting"][];
            learners: components["schemas"]["AttendanceLearner"][];
        };
        /**
         * @description STEP is a learning-path step (text, no answer).
         * @enum {string}
         */
        QuizQuestionKind: "SINGLE" | "MULTIPLE" | "TRUE_FALSE" | "SHORT_ANSWER" | "STEP";
        QuizOption: {
            id: string;
            text: string;
        };
        /** @description Option ids (SINGLE, MULTIPLE), true/false (TRUE_FALSE), a short text (SHORT_ANSWER), or null. A list of types rather than oneOf, so that the server's type coercion never turns true or a text into a list. */
        QuizAnswer: string[] | boolean | string | null;
        QuizQuestion: {
            id: number;
            kind: components["schemas"]["QuizQuestionKind"];
            prompt: string;
            pictureUrl: string | null;
            points: number;
            options: components["schemas"]["QuizOption"][];
        };
        QuizFeedback: {
            questionId: number;
            correct: boolean;
            pointsAwarded: number;
            points: number;
            correctAnswer: components["schemas"]["QuizAnswer"];
            explanation: string | null;
        };
        /** @description A quiz or learning-path attempt. Before submission it carries no answer key and no explanation. */
        QuizAttempt: {
            id: number;
            lessonId: number;
            sessionId: number;
            /** @enum {string} */
            kind: "QUIZ" | "LEARNING_PATH";
            /** @enum {string} */
            status: "IN_PROGRESS" | "AUTOGRADED" | "DONE";
            /** @description The server's copy of the current-question position (browser storage wins when present). */
            currentIndex: number;
            /** Format: date-time */
            startedAt: string;
            /**
             * Format: date-time
             * @description Start + the lesson's time limit; null without a limit.
             */
            deadlineAt: string | null;
            /** Format: date-time */
            submittedAt: string | null;
            score: number | null;
            maxScore: number;
            questions: components["schemas"]["QuizQuestion"][];
            /** @description The saved answers, by question id. */
            answers: {
                [key: string]: components["schemas"]["QuizAnswer"];
            };
            feedback: components["schemas"]["QuizFeedback"][] | null;
        };
        QuizAnswerRequest: {
            answer?: components["schemas"]["QuizAnswer"];
            currentIndex: number;
        };
        /** @description One question of a graded attempt as the educator reads it. */
        QuizAttemptAnswerResult: {
            questionId: number;
            kind: components["schemas"]["QuizQuestionKind"];
            prompt: string;
            /** @description The choices of a SINGLE or MULTIPLE question (answers name them by id); empty otherwise. */
            options: components["schemas"]["QuizOption"][];
            /** @description What the learner answered (null when they left it blank). */
            answer: components["schemas"]["QuizAnswer"];
            /** @description Right or wrong; null while the attempt is in progress. */
            correct: boolean | null;
            pointsAwarded: number | null;
            points: number;
            /** @description The answer key (null while the attempt is in progress). */
            correctAnswer: components["schemas"]["QuizAnswer"];
        };
        /** @description A learner's quiz attempt as the session's educator sees it (learning paths are not graded and not listed). */
        QuizAttemptResult: {
            id: number;
            lessonId: number;
            lessonName: string;
            sessionId: number;
            learner: components["schemas"]["Person"];
            /** @enum {string} */
            status: "IN_PROGRESS" | "AUTOGRADED";
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            submittedAt: string | null;
            /** @description Time taken, whole seconds from start to submission; null while in progress. */
            durationSeconds: number | null;
            /** @description Submitted after the lesson's deadline (the end of its week; docs/classroom.md "Deadline"). */
            late: boolean;
            score: number | null;
            maxScore: number;
            /** @description One entry per answerable question, in the quiz's order. */
            answers: components["schemas"]["QuizAttemptAnswerResult"][];
        };
        PagedQuizAttemptResult: {
            items: components["schemas"]["QuizAttemptResult"][];
            total: number;
            page: number;
            pageSize: number;
        };
        /**
         * @description QUIZ a quiz lesson, ASSIGNMENT a document assignment, LAB a programming assignment.
         * @enum {string}
         */
        GradebookItemKind: "QUIZ" | "ASSIGNMENT" | "LAB";
        /** @description A graded lesson of the session's course, in syllabus order. */
        GradebookItem: {
            lessonId: number;
            name: string;
            kind: components["schemas"]["GradebookItemKind"];
            week: number;
            /** @description The item's maximum score, in points. */
            points: number;
            /**
             * Format: date-time
             * @description The end of the lesson's week of the session (docs/classroom.md "Deadline").
             */
            deadline: string;
            /** @description The item's share of the total, in percent (two decimals); the shares add up to 100. */
            weight: number;
        };
        /**
         * @description GRADED has a score; PENDING was handed in and awaits a grade; MISSING nothing handed in and the deadline has passed; NOT_DUE nothing handed in yet, deadline ahead. Only GRADED counts its score; the others count 0.
         * @enum {string}
         */
        GradebookCellStatus: "GRADED" | "PENDING" | "MISSING" | "NOT_DUE";
        GradebookCell: {
            lessonId: number;
            status: components["schemas"]["GradebookCellStatus"];
            /** @description Points out of the item's points (GRADED only). */
            score: number | null;
            /** @description The work that counts was handed in after the item's deadline. */
            late: boolean;
        };
        GradebookRow: {
            learner: components["schemas"]["Person"];
            /** @description One cell per item, in the items' order. */
            cells: components["schemas"]["GradebookCell"][];
            /** @description Σ weight × score ÷ points over the items, in percent, two decimals. */
            total: number;
        };
        /** @description A session's gradebook (docs/classroom.md "Gradebook"). A learner reading their own gets their row only. */
        Gradebook: {
            sessionId: number;
            /**
             * @description EQUAL when the educator has not set weights (every item the same share); CUSTOM otherwise.
             * @enum {string}
             */
            weighting: "EQUAL" | "CUSTOM";
            items: components["schemas"]["GradebookItem"][];
            /** @description One row per learner with an active enrollment, by name. */
            rows: components["schemas"]["GradebookRow"][];
        };
        GradebookWeight: {
            lessonId: components["schemas"]["Id"];
            /** @description Percent of the total. */
            weight: number;
        };
        /** @description A weight for every graded item of the session, exactly once each; the weights add up to 100. An empty list goes back to equal weights. */
        GradebookWeightsRequest: {
            weights: components["schemas"]["GradebookWeight"][];
        };
        /**
         * Format: uuid
         * @description A certificate's public id (its verification page is /certificates/{id}).
         */
        CertificateId: string;
        /** @description A session's completion rule, in percent; a learner meets it with at least this attendance and this graded-work total. */
        CertificateRule: {
            /** @description Minimum share of the meetings held that the learner attended (excused meetings left out), percent. */
            minAttendance: number;
            /** @description Minimum weighted total of the gradebook, percent. */
            minGrade: number;
        };
        CertificateRef: {
            id: components["schemas"]["CertificateId"];
            /** Format: date-time */
            issuedAt: string;
            /** Format: date-time */
            revokedAt: string | null;
        };
        /** @description One learner of the session as the educator reviews it. */
        CertificateCandidate: {
            learner: {
                id: components["schemas"]["Id"];
                name: string;
            };
            /** @description Percent of the meetings held attended (100 when none was held). */
            attendance: number;
            /** @description The gradebook's weighted total, percent. */
            grade: number;
            /** @description Whether the learner meets the session's rule. */
            eligible: boolean;
            /**
             * @description The educator's exception, if any (WITHHOLD an eligible learner, ADD one who is not).
             * @enum {string|null}
             */
            decision: "WITHHOLD" | "ADD" | null;
            reason: string | null;
            certificate: components["schemas"]["CertificateRef"] | null;
        };
        /** @description A session's certificates as its educator reviews them. */
        CertificateReview: {
            sessionId: components["schemas"]["Id"];
            courseTitle: string;
            /** Format: date */
            endDate: string;
            /** @description Whether the session's last day is over (certificates are issued only then). */
            ended: boolean;
            rule: components["schemas"]["CertificateRule"];
            learners: components["schemas"]["CertificateCandidate"][];
        };
        /** @description The educator's choice for one learner; a choice against the rule needs a reason. */
        CertificateDecision: {
            learnerId: components["schemas"]["Id"];
            issue: boolean;
            reason?: string;
        };
        CertificateIssueRequest: {
            decisions: components["schemas"]["CertificateDecision"][];
        };
        /** @description One of the learner's certificates. */
        CertificateSummary: {
            id: components["schemas"]["CertificateId"];
            sessionId: components["schemas"]["Id"];
            courseTitle: string;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: date-time */
            issuedAt: string;
            /** Format: date-time */
            revokedAt: string | null;
        };
        /** @description What anyone may read of a certificate, the signed credential itself; the reader checks its signature and status. */
        CertificatePublic: {
            id: components["schemas"]["CertificateId"];
            /** @description The Open Badges 3.0 OpenBadgeCredential as a VC-JWT (ES256). */
            jwt: string;
        };
        CertificateRevokeRequest: {
            reason: string;
        };
        AuthoringQuestion: {
            /** @description Absent for a new question. */
            id?: components["schemas"]["Id"];
            kind: components["schemas"]["QuizQuestionKind"];
            prompt: string;
            pictureUrl?: string | null;
            points: number;
            explanation?: string | null;
            /** @description SINGLE and MULTIPLE take 2 to 10 options with distinct ids; the other kinds none. */
            options: components["schemas"]["QuizOption"][];
            /** @description The answer key. Option ids for SINGLE (one) and MULTIPLE, true/false, accepted short answers (any of them, compared trimmed and case-insensitively), null for STEP. A list of types rather than oneOf, so that the server's type coercion never turns true into a list. */
            answer: string[] | boolean | null;
        };
        ProgrammingTest: {
            name: string;
            args: unknown[];
            /** @description The expected return value (compared as JSON). */
            expected: unknown;
            /** @description A hidden test shows its learner only whether it passed, never its expected value, output or error, so answers cannot be collected from the results. Absent or false: visible. */
            hidden?: boolean;
        };
        ProgrammingSpec: {
            /** @description The language the learner writes in; absent = javascript. A Python function name cannot contain `$`. */
            language?: components["schemas"]["LabLanguage"];
            functionName: string;
            starterCode: string;
            tests: components["schemas"]["ProgrammingTest"][];
        };
        /** @description What an educator sets on a lesson beyond the syllabus (docs/classroom.md "Data"). Omitted fields keep their value; `questions` replaces the whole bank. */
        LessonAuthoringInput: {
            contentHtml?: string | null;
            videoUrl?: string | null;
            captionsUrl?: string | null;
            /** @description Meeting link (https), optional; null, the meeting opens its session's own video room (docs/classroom.md "Meeting room"). */
            link?: string | null;
            day?: components["schemas"]["Weekday"] | null;
            startTime?: string | null;
            points?: number;
            allowLate?: boolean;
            timeLimitMinutes?: number | null;
            programming?: components["schemas"]["ProgrammingSpec"] | null;
            questions?: components["schemas"]["AuthoringQuestion"][];
        };
        LessonAuthoring: {
            lessonId: number;
            courseId: number;
            /**
             * @description The title of the lesson's course (shown in the authoring screen's header).
             * @example JavaScript from the ground up
             */
            courseTitle: string;
            type: components["schemas"]["LessonTypeCode"];
            name: string;
            contentHtml: string | null;
            videoUrl: string | null;
            captionsUrl: string | null;
            link: string | null;
            day: components["schemas"]["Weekday"] | null;
            startTime: string | null;
            points: number;
            allowLate: boolean;
            timeLimitMinutes: number | null;
            programming: components["schemas"]["ProgrammingSpec"] | null;
            questions: (components["schemas"]["AuthoringQuestion"] & {
                id: number;
            })[];
        };
        CodeSubmissionRequest: {
            sessionId: components["schemas"]["Id"];
            code: string;
        };
        ProgrammingTestResult: {
            name: string;
            passed: boolean;
            /** @description What the test printed, or why it failed (wrong value, error, time or memory limit). For a hidden test seen by its learner, only "Hidden test: passed" or "Hidden test: failed". */
            output: string;
            /** @description The test is hidden (ProgrammingTest.hidden); absent on results stored before hidden tests existed. */
            hidden?: boolean;
        };
        /**
         * @description The language a programming assignment is written in (docs/classroom.md "Labs").
         * @enum {string}
         */
        LabLanguage: "javascript" | "python";
        /** @description A learner's saved, unsubmitted code of a programming assignment in a session (one per learner, lesson and session). */
        CodeDraft: {
            code: string;
            /** Format: date-time */
            savedAt: string;
        };
        CodeDraftRequest: {
            sessionId: components["schemas"]["Id"];
            /** @description The whole editor content (may be empty). */
            code: string;
        };
        /** @description The outcome of running the visible tests (nothing recorded, no grade). */
        CodeRun: {
            language: components["schemas"]["LabLanguage"];
            passed: number;
            total: number;
            results: components["schemas"]["ProgrammingTestResult"][];
        };
        /**
         * Format: int32
         * @description The company to act for. Only ADMIN and SUPER_ADMIN choose (and must, to invite); a partner may omit it or pass their own company's id, any other id is refused 403 (`x-company-choice`).
         */
        ChosenCompanyId: number;
        /** @description The session a wallet movement concerns, named as people know it (course title, first and last day). */
        WalletSessionRef: {
            id: number;
            courseId: number;
            courseTitle: string;
            /**
             * Format: date
             * @description First day (the session's own time zone).
             */
            startDate: string;
            /**
             * Format: date
             * @description Last day (the session's own time zone).
             */
            endDate: string;
        };
        /** @enum {string} */
        TopUpStatus: "processing" | "requires_action" | "succeeded" | "failed";
        /**
         * @description The part of the refund policy that applies (decisions.md "Cancelling and refunds"): FULL before the session's first day (price and fee), PARTIAL from the first day for the policy's days (a share of the price), NONE afterwards.
         * @enum {string}
         */
        RefundStage: "FULL" | "PARTIAL" | "NONE";
        /**
         * @description Where a refund goes, the learner's wallet or the card that paid (only a card payment already captured can go back to its card).
         * @enum {string}
         */
        RefundDestination: "wallet" | "card";
        /** @description The policy's numbers, settings of the server. */
        RefundPolicy: {
            /** @description Share of the price (percent) given back once started. */
            partialPercent: number;
            /** @description For how many days from the first day. */
            partialDays: number;
        };
        /** @description What cancelling the caller's enrollment now gives back, computed by the same rule the cancellation applies. */
        RefundQuote: {
            sessionId: components["schemas"]["Id"];
            enrollmentId: components["schemas"]["Id"];
            courseTitle: string;
            /**
             * Format: date
             * @description The session's first day (its own time zone).
             */
            startDate: string;
            /** @description Integer cents the learner paid (0 for a free session). */
            paid: number;
            /** @description Integer cents given back if cancelled now. */
            amount: number;
            stage: components["schemas"]["RefundStage"];
            /** @description Share of the price given back. */
            percent: number;
            /**
             * Format: date
             * @description The last day of the partial refund (the session's time zone), or null once nothing is due.
             */
            partialUntil: string | null;
            /** @description Where the refund may go, the first one the default; empty when nothing is given back. */
            destinations: components["schemas"]["RefundDestination"][];
            /** @description The card that paid, when the refund may go back to it. */
            card: null | {
                brand: string;
                last4: string;
            };
            policy: components["schemas"]["RefundPolicy"];
        };
        CancelEnrollmentRequest: {
            destination: components["schemas"]["RefundDestination"];
        };
        /** @description A cancelled enrollment's refund; `amount` in integer cents. */
        Refund: {
            /** @description re_… */
            id: string;
            sessionId: components["schemas"]["Id"];
            enrollmentId: components["schemas"]["Id"];
            userId: components["schemas"]["Id"];
            /** @description Integer cents given back. */
            amount: number;
            stage: components["schemas"]["RefundStage"];
            percent: number;
            destination: components["schemas"]["RefundDestination"];
            /**
             * @description A card refund is pending until the gateway took it; a wallet refund succeeds at once.
             * @enum {string}
             */
            status: "pending" | "succeeded";
            /** Format: date-time */
            createdAt: string;
        };
        /** @description An admin's refund of a learner's enrollment, everything paid, with a message mailed to the learner. */
        AdminRefundRequest: {
            message: string;
            destination?: components["schemas"]["RefundDestination"];
        };
        /**
         * @description A learner's attendance at one meeting occurrence (docs/classroom.md "Taking attendance"). PRESENT and LATE count as attended; EXCUSED is left out of the rate's denominator.
         * @enum {string}
         */
        AttendanceStatus: "PRESENT" | "LATE" | "ABSENT" | "EXCUSED";
        MeetingAttendanceLearner: {
            learner: components["schemas"]["Person"];
            /**
             * Format: date-time
             * @description The learner's first Join click on this occurrence; null when they did not join.
             */
            joinedAt: string | null;
            /** @description The status the join click gives (PRESENT, LATE after `lateAfter`, ABSENT once the meeting has ended without a join); null while the meeting has not ended and nobody joined. */
            suggested: components["schemas"]["AttendanceStatus"] | null;
            /** @description The status that counts (the educator's mark, else `suggested`). */
            status: components["schemas"]["AttendanceStatus"] | null;
            /** @description The educator has set the status (it wins over the join click). */
            marked: boolean;
            note: string | null;
            /** @description Number of marks set so far (0 when never marked); send it back with a new mark. */
            version: number;
            markedBy: components["schemas"]["Person"] | null;
            /** Format: date-time */
            markedAt: string | null;
        };
        /** @description One meeting occurrence with every ACTIVE learner of the session and their status. */
        MeetingAttendance: {
            sessionId: number;
            lessonId: number;
            lessonName: string;
            /** Format: date */
            occurrenceDate: string;
            /** Format: date-time */
            startsAt: string;
            /** Format: date-time */
            endsAt: string;
            /**
             * Format: date-time
             * @description A join after this instant suggests LATE (the start plus LATE_GRACE_MINUTES, 10).
             */
            lateAfter: string;
            /** @description The session's ACTIVE learners, by name. */
            learners: components["schemas"]["MeetingAttendanceLearner"][];
        };
        AttendanceMarkRequest: {
            status: components["schemas"]["AttendanceStatus"];
            /** @description An optional note (trimmed; empty means none). */
            note?: string | null;
            /**
             * Format: int32
             * @description The `version` the educator saw; 409 when someone has marked the learner since.
             */
            version: number;
        };
        /** @description One change of a learner's mark, kept for good. */
        AttendanceChange: {
            id: number;
            learnerId: number;
            /** @description The status that counted before (the previous mark, else the join click's suggestion). */
            beforeStatus: components["schemas"]["AttendanceStatus"] | null;
            afterStatus: components["schemas"]["AttendanceStatus"];
            beforeNote: string | null;
            afterNote: string | null;
            changedBy: components["schemas"]["Person"];
            /** Format: date-time */
            changedAt: string;
        };
    };
    responses: {
        /** @description The request is malformed or fails validation. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Validation failed",
                 *       "errors": [
                 *         {
                 *           "path": "email",
                 *           "message": "must match format \"email\""
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing, invalid or expired bearer token (or wrong credentials on sign-in). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unauthorized"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Payment needed (paid session not paid yet, or the card was declined). */
        PaymentRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Payment required"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller's role or company may not do this. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Forbidden"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource (or not visible to the caller). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Not found"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Conflicts with the current state (e.g. already exists, session full). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Session is full"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The link or token has expired. */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "This invitation has expired"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The uploaded file is too large. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "File size must be less than 20 MB"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The uploaded file type is not accepted. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "File type must be one of png, jpeg"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A business rule is broken (e.g. amount mismatch, insufficient wallet balance). */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Insufficient wallet balance"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests; retry later. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too many requests"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not ready for traffic: the database cannot be reached, or lacks migrations of this build (named in the message). Retry after the given seconds. */
        NotReady: {
            headers: {
                /** @description Seconds after which a retry may succeed. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The operation is part of the contract but not built yet. */
        NotImplemented: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Not implemented"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Lesson id (a lesson of the session's course). */
        LessonId: components["schemas"]["Id"];
        /** @description Resource id. */
        Id: components["schemas"]["Id"];
        /** @description Enterprise directory, MA or QA. */
        FederatedProvider: components["schemas"]["FederatedProviderCode"];
        /** @description The id of an invitation of the company. */
        InvitationId: components["schemas"]["Id"];
        /** @description The id of a user who is a member of the company. */
        MemberId: components["schemas"]["Id"];
        /** @description The id of a review of the course. */
        ReviewId: components["schemas"]["Id"];
        /** @description 1-based page number. */
        Page: number;
        /** @description Items per page. */
        PageSize: number;
        /** @description Free-text search. */
        Query: string;
        /** @description Only this category. */
        CategoryId: components["schemas"]["Id"];
        /** @description Only this difficulty level. */
        Difficulty: components["schemas"]["Difficulty"];
        /** @description Company (partner) id: count only the courses of this company. */
        PartnerId: components["schemas"]["Id"];
        /** @description The solved captcha (base64 ALTCHA payload of a challenge from getCaptchaChallenge). Required by operations marked `x-captcha` (400 "Please complete the captcha" when missing); single use. */
        Recaptcha: string;
        /** @description The signed token of an invitation link (valid 7 days, single use). */
        InvitationToken: string;
        /** @description The token of a waitlist confirmation link (32 random bytes, base64url; valid 72 hours). */
        WaitlistToken: string;
        /**
         * @description Client-chosen unique key (e.g. a UUID). A replay with the same key returns the first result and never charges twice; the same key with a different body answers 422.
         * @example 6f1c2a9e-4b7d-4e57-9a43-1f0d3c8b2e11
         */
        IdempotencyKey: string;
        /** @description Saved card (payment method) id ("pm_…"). */
        CardId: string;
        /** @description Payment intent id ("pi_…"). */
        PaymentIntentId: string;
        /** @description Only users in this status. */
        UserStatusFilter: components["schemas"]["UserStatus"];
        /** @description Only sessions in this status. */
        SessionStatusFilter: components["schemas"]["SessionStatus"];
        /** @description Only courses in this status (default PENDING). */
        CourseStatusFilter: components["schemas"]["CourseStatus"];
        /** @description Only invitations in this status. */
        InvitationStatusFilter: components["schemas"]["InvitationStatus"];
        /** @description Only this course. */
        CourseIdFilter: components["schemas"]["Id"];
        /** @description Id of the course to update; absent = create a new course. */
        CourseIdToUpdate: components["schemas"]["Id"];
        /** @description The company to act for; only ADMIN and SUPER_ADMIN choose, a partner's own company's id is accepted and any other refused 403 (`x-company-choice`). */
        ChosenCompany: components["schemas"]["ChosenCompanyId"];
        /** @description Order of the catalog: `relevance` (the default: with `query`, best title match first, then the soonest start, then id; without `query`, the catalog's usual order), `soonest` (next start date first; courses with no open session last), `newest` (most recently created first, then the highest id), `price_asc` / `price_desc` (cheapest / dearest first, the dearest then by the highest id; a session’s own price in GET /sessions/explore), `rating` (best average rating first, then the most reviews; unrated last). Ties end by id. */
        CatalogSort: "relevance" | "soonest" | "newest" | "price_asc" | "price_desc" | "rating";
        /** @description Only courses taught in this language (GET /languages). */
        LanguageId: components["schemas"]["Id"];
        /** @description Lowest price, decimal US dollars, inclusive (0 keeps free ones). 400 when above maxPrice. */
        MinPrice: number;
        /** @description Highest price, decimal US dollars, inclusive (maxPrice=0: free only). */
        MaxPrice: number;
        /** @description Only what starts on or after this date (YYYY-MM-DD; for courses, one of their open sessions). 400 when after startTo. */
        StartFrom: string;
        /** @description Only what starts on or before this date (YYYY-MM-DD, inclusive). */
        StartTo: string;
        /** @description The id of a learner with an ACTIVE enrollment in the session. */
        LearnerId: components["schemas"]["Id"];
        /** @description Wallet top-up id ("tu_…"). */
        TopUpId: string;
        /** @description The date of a meeting occurrence in the session's time zone (YYYY-MM-DD). */
        OccurrenceDate: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "oldPassword": "S3cure!pass",
                 *       "newPassword": "N3w!passw0rd"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description Password changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "message": "password changed !",
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMSIsInJvbGUiOiJMRUFSTkVSIiwiY2lkIjoyLCJ0diI6MX0.c2lnbmF0dXJl",
                     *         "expiresAt": "2025-03-01T21:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PasswordChanged"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "firstName": "Omar",
                 *       "lastName": "Haddad",
                 *       "language": "ar"
                 *     }
                 */
                "application/json": components["schemas"]["ProfileUpdate"];
            };
        };
        responses: {
            /** @description The updated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 21,
                     *         "email": "omar.haddad@example.org",
                     *         "name": "Omar Haddad",
                     *         "firstName": "Omar",
                     *         "lastName": "Haddad",
                     *         "role": "LEARNER",
                     *         "status": "APPROVED",
                     *         "companyId": 2,
                     *         "pictureUrl": null,
                     *         "createdAt": "2025-01-14T09:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "omar.haddad@example.org",
                 *       "token": "b4f1c0d2e9a8",
                 *       "password": "N3w!passw0rd",
                 *       "confirmPassword": "N3w!passw0rd"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordReset"];
            };
        };
        responses: {
            /** @description Password reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "message": "Your password has been reset, you can now login!"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Acknowledgement"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "omar.haddad@example.org"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordResetRequest"];
            };
        };
        responses: {
            /** @description Accepted. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "message": "If the address has an account, a reset link is on its way."
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Acknowledgement"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "omar.haddad@example.org",
                 *       "password": "S3cure!pass"
                 *     }
                 */
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMSIsInJvbGUiOiJMRUFSTkVSIiwiY2lkIjoyfQ.c2lnbmF0dXJl",
                     *         "expiresAt": "2025-03-01T21:30:00Z",
                     *         "user": {
                     *           "id": 21,
                     *           "email": "omar.haddad@example.org",
                     *           "name": "Omar Haddad",
                     *           "role": "LEARNER"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AuthResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listFederatedProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available directories, in the order to show them. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "code": "MA",
                     *           "demo": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["FederatedProviderInfo"][];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    startFederatedSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Enterprise directory, MA or QA. */
                provider: components["parameters"]["FederatedProvider"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "redirect": "/my-courses",
                 *       "locale": "ar"
                 *     }
                 */
                "application/json": components["schemas"]["FederatedStartRequest"];
            };
        };
        responses: {
            /** @description Where to send the browser. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "authorizationUrl": "https://halaqa.example.org/idp/qa/auth?client_id=halaqa&response_type=code&scope=openid%20email%20profile%20groups&state=s&nonce=n&code_challenge=c&code_challenge_method=S256"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["FederatedStart"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    completeFederatedSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Enterprise directory, MA or QA. */
                provider: components["parameters"]["FederatedProvider"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "3fJxQ0m1",
                 *       "code": "Xk2mY7",
                 *       "iss": "https://halaqa.example.org/idp/qa"
                 *     }
                 */
                "application/json": components["schemas"]["FederatedCallbackRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MSIsInJvbGUiOiJMRUFSTkVSIiwiY2lkIjozfQ.c2lnbmF0dXJl",
                     *         "expiresAt": "2025-03-01T10:30:00Z",
                     *         "user": {
                     *           "id": 41,
                     *           "email": "qa.learner@qa.halaqa.test",
                     *           "name": "Mariam Al-Mannai",
                     *           "role": "LEARNER"
                     *         },
                     *         "redirect": "/my-courses"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["FederatedSignInResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    refreshFederatedToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new access token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MSIsInJvbGUiOiJMRUFSTkVSIiwiY2lkIjozfQ.c2lnbmF0dXJl",
                     *         "expiresAt": "2025-03-01T11:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RefreshedToken"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out here; where to end the directory session, if anywhere. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "logoutUrl": "https://halaqa.example.org/idp/qa/session/end?client_id=halaqa&id_token_hint=eyJ&post_logout_redirect_uri=https%3A%2F%2Fhalaqa.example.org%2Flogin%3Fsign-in-with-redirect%3DQA"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SignOutResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server and its database answer, and the database has every migration of this build. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "status": "ok",
                     *         "database": "up"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Health"];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["NotReady"];
        };
    };
    getHealthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "status": "ok"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Liveness"];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getHealthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server and its database answer, and the database has every migration of this build. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "status": "ok",
                     *         "database": "up"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Health"];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["NotReady"];
        };
    };
    getCaptchaChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A challenge to solve. */
            200: {
                headers: {
                    /** @description `no-store`: every form gets its own challenge. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "algorithm": "SHA-256",
                     *         "challenge": "4d0f8a6c2b2f2f9d8b0a61a3b8c1e7f0e8f6c3d2a1b0c9d8e7f6a5b4c3d2e1f0",
                     *         "maxnumber": 50000,
                     *         "salt": "9f2c1e0d4b7a6c5e8d3f1a2b?expires=1767225600",
                     *         "signature": "2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CaptchaChallenge"];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    signUp: {
        parameters: {
            query?: {
                /** @description The solved captcha (base64 ALTCHA payload of a challenge from getCaptchaChallenge). Required by operations marked `x-captcha` (400 "Please complete the captcha" when missing); single use. */
                "g-recaptcha-response"?: components["parameters"]["Recaptcha"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SignUpForm"];
            };
        };
        responses: {
            /** @description Account created and signed in. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMSIsInJvbGUiOiJMRUFSTkVSIiwiY2lkIjoyfQ.c2lnbmF0dXJl",
                     *         "expiresAt": "2025-03-01T21:30:00Z",
                     *         "user": {
                     *           "id": 21,
                     *           "email": "omar.haddad@example.org",
                     *           "name": "Omar Haddad",
                     *           "role": "LEARNER"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AuthResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "21.1767225600.3q2-7wX9y8Zk1mN0pQrStUvWxYz0123456789abcdEF"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description The address is verified. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "email": "omar.haddad@example.org"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: email */
                            email: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    signUpCompany: {
        parameters: {
            query?: {
                /** @description The solved captcha (base64 ALTCHA payload of a challenge from getCaptchaChallenge). Required by operations marked `x-captcha` (400 "Please complete the captcha" when missing); single use. */
                "g-recaptcha-response"?: components["parameters"]["Recaptcha"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "company": {
                 *         "name": "Qadisiyah Digital Academy",
                 *         "acronym": "QAD",
                 *         "address": {
                 *           "line1": "120 Main Street",
                 *           "line2": "Suite 4",
                 *           "city": "Boston",
                 *           "state": "MA",
                 *           "postalCode": "02110",
                 *           "country": "US",
                 *           "isDefault": true
                 *         }
                 *       },
                 *       "account": {
                 *         "firstName": "Nadia",
                 *         "lastName": "Benali",
                 *         "email": "nadia.benali@qad.example.org",
                 *         "password": "S3cure!pass"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CompanySignUpRequest"];
            };
        };
        responses: {
            /** @description Company and partner account created and signed in. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMSIsInJvbGUiOiJMRUFSTkVSIiwiY2lkIjoyfQ.c2lnbmF0dXJl",
                     *         "expiresAt": "2025-03-01T21:30:00Z",
                     *         "user": {
                     *           "id": 3,
                     *           "email": "nadia.benali@qad.example.org",
                     *           "name": "Nadia Benali",
                     *           "role": "PARTNER"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AuthResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 21,
                     *         "email": "omar.haddad@example.org",
                     *         "name": "Omar Haddad",
                     *         "firstName": "Omar",
                     *         "lastName": "Haddad",
                     *         "role": "LEARNER",
                     *         "status": "APPROVED",
                     *         "companyId": 2,
                     *         "pictureUrl": null,
                     *         "createdAt": "2025-01-14T09:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    approveUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approved user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 7,
                     *         "email": "salma.idrissi@example.org",
                     *         "name": "Salma Idrissi",
                     *         "firstName": "Salma",
                     *         "lastName": "Idrissi",
                     *         "role": "EDUCATOR",
                     *         "status": "APPROVED",
                     *         "companyId": null,
                     *         "pictureUrl": "/uploads/profile/7.png",
                     *         "createdAt": "2024-11-02T12:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Account closed at the owner's request."
                 *     }
                 */
                "application/json": components["schemas"]["ModerationRequest"];
            };
        };
        responses: {
            /** @description The deleted user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 21,
                     *         "email": "omar.haddad@example.org",
                     *         "name": "Omar Haddad",
                     *         "firstName": "Omar",
                     *         "lastName": "Haddad",
                     *         "role": "LEARNER",
                     *         "status": "DELETED",
                     *         "companyId": 2,
                     *         "pictureUrl": null,
                     *         "createdAt": "2025-01-14T09:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 14
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeletedRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    rejectUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Please add a résumé showing teaching experience."
                 *     }
                 */
                "application/json": components["schemas"]["ModerationRequest"];
            };
        };
        responses: {
            /** @description The rejected user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 7,
                     *         "email": "salma.idrissi@example.org",
                     *         "name": "Salma Idrissi",
                     *         "firstName": "Salma",
                     *         "lastName": "Idrissi",
                     *         "role": "EDUCATOR",
                     *         "status": "REJECTED",
                     *         "companyId": null,
                     *         "pictureUrl": "/uploads/profile/7.png",
                     *         "createdAt": "2024-11-02T12:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    bulkInviteUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["BulkInviteForm"];
            };
        };
        responses: {
            /** @description The invitations made and the rows skipped. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "invited": [
                     *           {
                     *             "id": 14,
                     *             "email": "new.hire@ncai.example.org",
                     *             "role": "LEARNER",
                     *             "companyId": 2,
                     *             "status": "PENDING",
                     *             "invitedBy": {
                     *               "id": 3,
                     *               "name": "Nadia Benali",
                     *               "pictureUrl": null
                     *             },
                     *             "createdAt": "2025-02-10T08:00:00Z",
                     *             "expiresAt": "2025-02-17T08:00:00Z"
                     *           }
                     *         ],
                     *         "skipped": [
                     *           {
                     *             "row": 3,
                     *             "email": "not-an-email",
                     *             "role": "LEARNER",
                     *             "outcome": "INVALID_EMAIL",
                     *             "message": "Invalid e-mail"
                     *           }
                     *         ],
                     *         "report": [
                     *           {
                     *             "row": 2,
                     *             "email": "new.hire@ncai.example.org",
                     *             "role": "LEARNER",
                     *             "outcome": "INVITED",
                     *             "message": "Invited"
                     *           },
                     *           {
                     *             "row": 3,
                     *             "email": "not-an-email",
                     *             "role": "LEARNER",
                     *             "outcome": "INVALID_EMAIL",
                     *             "message": "Invalid e-mail"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["BulkInviteResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listEducators: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description Only users in this status. */
                status?: components["parameters"]["UserStatusFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of educators. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 7,
                     *             "email": "salma.idrissi@example.org",
                     *             "name": "Salma Idrissi",
                     *             "firstName": "Salma",
                     *             "lastName": "Idrissi",
                     *             "role": "EDUCATOR",
                     *             "status": "APPROVED",
                     *             "companyId": null,
                     *             "pictureUrl": "/uploads/profile/7.png",
                     *             "createdAt": "2024-11-02T12:00:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedUser"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                /** @description The company to act for; only ADMIN and SUPER_ADMIN choose, a partner's own company's id is accepted and any other refused 403 (`x-company-choice`). */
                companyId?: components["parameters"]["ChosenCompany"];
                /** @description Only invitations in this status. */
                status?: components["parameters"]["InvitationStatusFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 14,
                     *             "email": "new.hire@ncai.example.org",
                     *             "role": "LEARNER",
                     *             "companyId": 2,
                     *             "status": "PENDING",
                     *             "invitedBy": {
                     *               "id": 3,
                     *               "name": "Nadia Benali",
                     *               "pictureUrl": null
                     *             },
                     *             "createdAt": "2025-02-10T08:00:00Z",
                     *             "expiresAt": "2025-02-17T08:00:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedInvitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    inviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "new.hire@ncai.example.org",
                 *       "role": "LEARNER",
                 *       "companyId": 2
                 *     }
                 */
                "application/json": components["schemas"]["InviteRequest"];
            };
        };
        responses: {
            /** @description Invited. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 14,
                     *         "email": "new.hire@ncai.example.org",
                     *         "role": "LEARNER",
                     *         "companyId": 2,
                     *         "status": "PENDING",
                     *         "invitedBy": {
                     *           "id": 3,
                     *           "name": "Nadia Benali",
                     *           "pictureUrl": null
                     *         },
                     *         "createdAt": "2025-02-10T08:00:00Z",
                     *         "expiresAt": "2025-02-17T08:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of an invitation link (valid 7 days, single use). */
                token: components["parameters"]["InvitationToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "email": "new.hire@ncai.example.org",
                     *         "role": "LEARNER",
                     *         "companyName": "National Center for AI",
                     *         "companyAcronym": "NCAI",
                     *         "status": "PENDING",
                     *         "expiresAt": "2025-02-17T08:00:00Z",
                     *         "hasAccount": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["InvitationPreview"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of an invitation link (valid 7 days, single use). */
                token: components["parameters"]["InvitationToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Joined; the user as they now are (company and role). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listLearners: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description Only users in this status. */
                status?: components["parameters"]["UserStatusFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of learners. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 21,
                     *             "email": "omar.haddad@example.org",
                     *             "name": "Omar Haddad",
                     *             "firstName": "Omar",
                     *             "lastName": "Haddad",
                     *             "role": "LEARNER",
                     *             "status": "APPROVED",
                     *             "companyId": 2,
                     *             "pictureUrl": null,
                     *             "createdAt": "2025-01-14T09:30:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedUser"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listMyAddresses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The addresses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 5,
                     *           "line1": "120 Main Street",
                     *           "line2": "Suite 4",
                     *           "city": "Boston",
                     *           "state": "MA",
                     *           "postalCode": "02110",
                     *           "country": "US",
                     *           "isDefault": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Address"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createMyAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "line1": "120 Main Street",
                 *       "line2": "Suite 4",
                 *       "city": "Boston",
                 *       "state": "MA",
                 *       "postalCode": "02110",
                 *       "country": "US",
                 *       "isDefault": true
                 *     }
                 */
                "application/json": components["schemas"]["AddressInput"];
            };
        };
        responses: {
            /** @description The new address. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 5,
                     *         "line1": "120 Main Street",
                     *         "line2": "Suite 4",
                     *         "city": "Boston",
                     *         "state": "MA",
                     *         "postalCode": "02110",
                     *         "country": "US",
                     *         "isDefault": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Address"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getMyCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 2,
                     *         "name": "National Center for AI",
                     *         "acronym": "NCAI",
                     *         "settings": {
                     *           "companyId": 2,
                     *           "style": {
                     *             "primaryColor": "#6491D2",
                     *             "secondaryColor": "#428D77",
                     *             "tertiaryColor": "#DB5E3E"
                     *           },
                     *           "links": {
                     *             "website": "https://ncai.example.org",
                     *             "support": "mailto:support@ncai.example.org"
                     *           },
                     *           "logo": "/uploads/company/2/logo.png"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Company"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listPartners: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description Only users in this status. */
                status?: components["parameters"]["UserStatusFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of partners. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 3,
                     *             "email": "nadia.benali@qad.example.org",
                     *             "name": "Nadia Benali",
                     *             "firstName": "Nadia",
                     *             "lastName": "Benali",
                     *             "role": "PARTNER",
                     *             "status": "APPROVED",
                     *             "companyId": 2,
                     *             "pictureUrl": null,
                     *             "createdAt": "2025-01-14T09:30:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedUser"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    sendContactMessage: {
        parameters: {
            query?: {
                /** @description The solved captcha (base64 ALTCHA payload of a challenge from getCaptchaChallenge). Required by operations marked `x-captcha` (400 "Please complete the captcha" when missing); single use. */
                "g-recaptcha-response"?: components["parameters"]["Recaptcha"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Leila Amrani",
                 *       "email": "leila@example.org",
                 *       "subject": "Company accounts",
                 *       "message": "We would like accounts for 40 employees."
                 *     }
                 */
                "application/json": components["schemas"]["ContactRequest"];
            };
        };
        responses: {
            /** @description Sent. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "message": "Thank you, we will get back to you soon."
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Acknowledgement"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listContactMessages: {
        parameters: {
            query?: {
                /** @description Only the messages nobody has marked as read. */
                unread?: boolean;
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contact messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 3,
                     *             "name": "Leila Amrani",
                     *             "email": "leila@example.org",
                     *             "subject": "Company accounts",
                     *             "message": "We would like accounts for 40 employees.",
                     *             "createdAt": "2025-02-21T10:00:00Z",
                     *             "readAt": null
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "unread": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedContactMessage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    markContactMessageRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message, read. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 3,
                     *         "name": "Leila Amrani",
                     *         "email": "leila@example.org",
                     *         "subject": "Company accounts",
                     *         "message": "We would like accounts for 40 employees.",
                     *         "createdAt": "2025-02-21T10:00:00Z",
                     *         "readAt": "2025-02-21T11:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ContactMessage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    sendMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Reminder: our meeting moves to 19:00 this Wednesday.",
                 *       "userIdsTo": [
                 *         21,
                 *         22
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["MailRequest"];
            };
        };
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "recipients": 2
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["MailReceipt"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description Only sessions in this status. */
                status?: components["parameters"]["SessionStatusFilter"];
                /** @description Only this course. */
                courseId?: components["parameters"]["CourseIdFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "PENDING",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             },
                     *             "course": {
                     *               "id": 12,
                     *               "title": "Modern web apps with React",
                     *               "pictureUrl": "/uploads/courses/12.jpg"
                     *             },
                     *             "moderationMessage": null,
                     *             "createdAt": "2025-02-01T11:00:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedSessionListItem"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    requestSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "courseId": 12,
                 *       "startDate": "2025-05-05",
                 *       "endDate": "2025-06-27",
                 *       "timezone": "America/New_York",
                 *       "schedule": {
                 *         "sunday": null,
                 *         "monday": {
                 *           "start": "18:00",
                 *           "end": "20:00"
                 *         },
                 *         "tuesday": null,
                 *         "wednesday": {
                 *           "start": "18:00",
                 *           "end": "20:00"
                 *         },
                 *         "thursday": null,
                 *         "friday": null,
                 *         "saturday": null
                 *       },
                 *       "maxSeats": 25,
                 *       "price": 149
                 *     }
                 */
                "application/json": components["schemas"]["SessionRequest"];
            };
        };
        responses: {
            /** @description Requested (PENDING). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 57,
                     *         "courseId": 12,
                     *         "startDate": "2025-05-05",
                     *         "endDate": "2025-06-27",
                     *         "timezone": "America/New_York",
                     *         "schedule": {
                     *           "sunday": null,
                     *           "monday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "tuesday": null,
                     *           "wednesday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "thursday": null,
                     *           "friday": null,
                     *           "saturday": null
                     *         },
                     *         "maxSeats": 25,
                     *         "seatsTaken": 0,
                     *         "seatsLeft": 25,
                     *         "price": 149,
                     *         "status": "PENDING",
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    approveSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Looks great, approved."
                 *     }
                 */
                "application/json": components["schemas"]["ApprovalRequest"];
            };
        };
        responses: {
            /** @description The approved session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 41,
                     *         "courseId": 12,
                     *         "startDate": "2025-03-03",
                     *         "endDate": "2025-04-25",
                     *         "timezone": "America/New_York",
                     *         "schedule": {
                     *           "sunday": null,
                     *           "monday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "tuesday": null,
                     *           "wednesday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "thursday": null,
                     *           "friday": null,
                     *           "saturday": null
                     *         },
                     *         "maxSeats": 25,
                     *         "seatsTaken": 18,
                     *         "seatsLeft": 7,
                     *         "price": 149,
                     *         "status": "APPROVED",
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateSessionContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example [] */
                "application/json": components["schemas"]["SessionContentUpdate"];
            };
        };
        responses: {
            /** @description The new syllabus. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "timezone": "America/New_York",
                     *         "weeks": [
                     *           {
                     *             "week": 1,
                     *             "sections": [
                     *               {
                     *                 "id": 81,
                     *                 "name": "Getting started",
                     *                 "order": 0,
                     *                 "lessons": [
                     *                   {
                     *                     "id": 501,
                     *                     "name": "Kick-off meeting",
                     *                     "order": 0,
                     *                     "type": {
                     *                       "id": 1,
                     *                       "code": "meeting",
                     *                       "name": "Meeting"
                     *                     },
                     *                     "duration": 120,
                     *                     "day": "monday",
                     *                     "startTime": "18:00",
                     *                     "link": "https://meet.example.org/halaqa-41-1"
                     *                   },
                     *                   {
                     *                     "id": 502,
                     *                     "name": "Components and props",
                     *                     "order": 1,
                     *                     "type": {
                     *                       "id": 3,
                     *                       "code": "reading",
                     *                       "name": "Reading"
                     *                     },
                     *                     "duration": 45,
                     *                     "day": null,
                     *                     "startTime": null,
                     *                     "link": "/uploads/lessons/502.pdf"
                     *                   }
                     *                 ]
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Syllabus"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Cancelled: the instructor is unavailable."
                 *     }
                 */
                "application/json": components["schemas"]["ModerationRequest"];
            };
        };
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 41
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeletedRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    enrollInSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Already enrolled (or enrolled by a payment). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 301,
                     *         "sessionId": 41,
                     *         "userId": 21,
                     *         "status": "ACTIVE",
                     *         "enrolledAt": "2025-02-20T15:04:05Z",
                     *         "paidAmount": 15695,
                     *         "session": {
                     *           "id": 41,
                     *           "courseId": 12,
                     *           "startDate": "2025-03-03",
                     *           "endDate": "2025-04-25",
                     *           "timezone": "America/New_York",
                     *           "schedule": {
                     *             "sunday": null,
                     *             "monday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "tuesday": null,
                     *             "wednesday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "thursday": null,
                     *             "friday": null,
                     *             "saturday": null
                     *           },
                     *           "maxSeats": 25,
                     *           "seatsTaken": 18,
                     *           "seatsLeft": 7,
                     *           "price": 149,
                     *           "status": "ACTIVE",
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           }
                     *         },
                     *         "course": {
                     *           "id": 12,
                     *           "title": "Modern web apps with React",
                     *           "pictureUrl": "/uploads/courses/12.jpg"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"];
                    };
                };
            };
            /** @description Enrolled. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 301,
                     *         "sessionId": 41,
                     *         "userId": 21,
                     *         "status": "ACTIVE",
                     *         "enrolledAt": "2025-02-20T15:04:05Z",
                     *         "paidAmount": 0,
                     *         "session": {
                     *           "id": 41,
                     *           "courseId": 12,
                     *           "startDate": "2025-03-03",
                     *           "endDate": "2025-04-25",
                     *           "timezone": "America/New_York",
                     *           "schedule": {
                     *             "sunday": null,
                     *             "monday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "tuesday": null,
                     *             "wednesday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "thursday": null,
                     *             "friday": null,
                     *             "saturday": null
                     *           },
                     *           "maxSeats": 25,
                     *           "seatsTaken": 18,
                     *           "seatsLeft": 7,
                     *           "price": 0,
                     *           "status": "ACTIVE",
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           }
                     *         },
                     *         "course": {
                     *           "id": 12,
                     *           "title": "Modern web apps with React",
                     *           "pictureUrl": "/uploads/courses/12.jpg"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSessionInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 41,
                     *         "courseId": 12,
                     *         "startDate": "2025-03-03",
                     *         "endDate": "2025-04-25",
                     *         "timezone": "America/New_York",
                     *         "schedule": {
                     *           "sunday": null,
                     *           "monday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "tuesday": null,
                     *           "wednesday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "thursday": null,
                     *           "friday": null,
                     *           "saturday": null
                     *         },
                     *         "maxSeats": 25,
                     *         "seatsTaken": 18,
                     *         "seatsLeft": 7,
                     *         "price": 149,
                     *         "status": "ACTIVE",
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "course": {
                     *           "id": 12,
                     *           "title": "Modern web apps with React",
                     *           "description": "Build and ship a full React application, live with an instructor.",
                     *           "pictureUrl": "/uploads/courses/12.jpg",
                     *           "price": 149,
                     *           "numHours": 32,
                     *           "difficultyLevel": "INTERMEDIATE",
                     *           "category": {
                     *             "id": 3,
                     *             "name": "Web development",
                     *             "nameAr": "تطوير الويب"
                     *           },
                     *           "language": {
                     *             "id": 1,
                     *             "code": "en",
                     *             "name": "English"
                     *           },
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           },
                     *           "rating": {
                     *             "average": 4.6,
                     *             "count": 38
                     *           },
                     *           "gainedSkills": [
                     *             {
                     *               "id": 4,
                     *               "name": "React"
                     *             },
                     *             {
                     *               "id": 9,
                     *               "name": "TypeScript"
                     *             }
                     *           ],
                     *           "nextSession": {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "ACTIVE",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             }
                     *           },
                     *           "status": "PUBLISHED",
                     *           "isPrivate": false,
                     *           "companyId": null
                     *         },
                     *         "enrollment": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionInfo"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSessionInfoSecured: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 41,
                     *         "courseId": 12,
                     *         "startDate": "2025-03-03",
                     *         "endDate": "2025-04-25",
                     *         "timezone": "America/New_York",
                     *         "schedule": {
                     *           "sunday": null,
                     *           "monday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "tuesday": null,
                     *           "wednesday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "thursday": null,
                     *           "friday": null,
                     *           "saturday": null
                     *         },
                     *         "maxSeats": 25,
                     *         "seatsTaken": 18,
                     *         "seatsLeft": 7,
                     *         "price": 149,
                     *         "status": "ACTIVE",
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "course": {
                     *           "id": 12,
                     *           "title": "Modern web apps with React",
                     *           "description": "Build and ship a full React application, live with an instructor.",
                     *           "pictureUrl": "/uploads/courses/12.jpg",
                     *           "price": 149,
                     *           "numHours": 32,
                     *           "difficultyLevel": "INTERMEDIATE",
                     *           "category": {
                     *             "id": 3,
                     *             "name": "Web development",
                     *             "nameAr": "تطوير الويب"
                     *           },
                     *           "language": {
                     *             "id": 1,
                     *             "code": "en",
                     *             "name": "English"
                     *           },
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           },
                     *           "rating": {
                     *             "average": 4.6,
                     *             "count": 38
                     *           },
                     *           "gainedSkills": [
                     *             {
                     *               "id": 4,
                     *               "name": "React"
                     *             },
                     *             {
                     *               "id": 9,
                     *               "name": "TypeScript"
                     *             }
                     *           ],
                     *           "nextSession": {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "ACTIVE",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             }
                     *           },
                     *           "status": "PUBLISHED",
                     *           "isPrivate": false,
                     *           "companyId": null
                     *         },
                     *         "enrollment": {
                     *           "id": 301,
                     *           "sessionId": 41,
                     *           "userId": 21,
                     *           "status": "ACTIVE",
                     *           "enrolledAt": "2025-02-20T15:04:05Z",
                     *           "paidAmount": 15695,
                     *           "session": {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "ACTIVE",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             }
                     *           },
                     *           "course": {
                     *             "id": 12,
                     *             "title": "Modern web apps with React",
                     *             "pictureUrl": "/uploads/courses/12.jpg"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionInfo"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSessionLearners: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of learners. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "enrollmentId": 301,
                     *             "userId": 21,
                     *             "name": "Omar Haddad",
                     *             "email": "omar.haddad@example.org",
                     *             "pictureUrl": null,
                     *             "enrolledAt": "2025-02-20T15:04:05Z",
                     *             "status": "ACTIVE"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedSessionLearner"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    rejectSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "The schedule overlaps another of your sessions; please pick other days."
                 *     }
                 */
                "application/json": components["schemas"]["ModerationRequest"];
            };
        };
        responses: {
            /** @description The rejected session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 41,
                     *         "courseId": 12,
                     *         "startDate": "2025-03-03",
                     *         "endDate": "2025-04-25",
                     *         "timezone": "America/New_York",
                     *         "schedule": {
                     *           "sunday": null,
                     *           "monday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "tuesday": null,
                     *           "wednesday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "thursday": null,
                     *           "friday": null,
                     *           "saturday": null
                     *         },
                     *         "maxSeats": 25,
                     *         "seatsTaken": 18,
                     *         "seatsLeft": 7,
                     *         "price": 149,
                     *         "status": "REJECTED",
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSessionSubmissions: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of submissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 77,
                     *             "assignmentId": 503,
                     *             "sessionId": 41,
                     *             "kind": "DOCUMENT",
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "document": {
                     *               "url": "/uploads/submissions/77.pdf",
                     *               "fileName": "todo-app-report.pdf"
                     *             },
                     *             "code": null,
                     *             "results": null,
                     *             "points": 100,
                     *             "late": false,
                     *             "status": "DONE",
                     *             "grade": 92,
                     *             "comment": "Well structured; add tests next time.",
                     *             "submittedAt": "2025-03-10T20:15:00Z",
                     *             "gradedAt": "2025-03-12T09:00:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedSubmission"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSessionSyllabus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The syllabus. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "timezone": "America/New_York",
                     *         "weeks": [
                     *           {
                     *             "week": 1,
                     *             "sections": [
                     *               {
                     *                 "id": 81,
                     *                 "name": "Getting started",
                     *                 "order": 0,
                     *                 "lessons": [
                     *                   {
                     *                     "id": 501,
                     *                     "name": "Kick-off meeting",
                     *                     "order": 0,
                     *                     "type": {
                     *                       "id": 1,
                     *                       "code": "meeting",
                     *                       "name": "Meeting"
                     *                     },
                     *                     "duration": 120,
                     *                     "day": "monday",
                     *                     "startTime": "18:00",
                     *                     "link": null
                     *                   },
                     *                   {
                     *                     "id": 502,
                     *                     "name": "Components and props",
                     *                     "order": 1,
                     *                     "type": {
                     *                       "id": 3,
                     *                       "code": "reading",
                     *                       "name": "Reading"
                     *                     },
                     *                     "duration": 45,
                     *                     "day": null,
                     *                     "startTime": null,
                     *                     "link": null
                     *                   }
                     *                 ]
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Syllabus"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSessionSyllabusSecured: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The syllabus. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "timezone": "America/New_York",
                     *         "weeks": [
                     *           {
                     *             "week": 1,
                     *             "sections": [
                     *               {
                     *                 "id": 81,
                     *                 "name": "Getting started",
                     *                 "order": 0,
                     *                 "lessons": [
                     *                   {
                     *                     "id": 501,
                     *                     "name": "Kick-off meeting",
                     *                     "order": 0,
                     *                     "type": {
                     *                       "id": 1,
                     *                       "code": "meeting",
                     *                       "name": "Meeting"
                     *                     },
                     *                     "duration": 120,
                     *                     "day": "monday",
                     *                     "startTime": "18:00",
                     *                     "link": "https://meet.example.org/halaqa-41-1"
                     *                   },
                     *                   {
                     *                     "id": 502,
                     *                     "name": "Components and props",
                     *                     "order": 1,
                     *                     "type": {
                     *                       "id": 3,
                     *                       "code": "reading",
                     *                       "name": "Reading"
                     *                     },
                     *                     "duration": 45,
                     *                     "day": null,
                     *                     "startTime": null,
                     *                     "link": "/uploads/lessons/502.pdf"
                     *                   }
                     *                 ]
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Syllabus"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listMyEnrollments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enrollments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 301,
                     *           "sessionId": 41,
                     *           "userId": 21,
                     *           "status": "ACTIVE",
                     *           "enrolledAt": "2025-02-20T15:04:05Z",
                     *           "paidAmount": 15695,
                     *           "session": {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "ACTIVE",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             }
                     *           },
                     *           "course": {
                     *             "id": 12,
                     *             "title": "Modern web apps with React",
                     *             "pictureUrl": "/uploads/courses/12.jpg"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Enrollment"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    exploreSessions: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description Only this category. */
                categoryId?: components["parameters"]["CategoryId"];
                /** @description Order of the catalog: `relevance` (the default: with `query`, best title match first, then the soonest start, then id; without `query`, the catalog's usual order), `soonest` (next start date first; courses with no open session last), `newest` (most recently created first, then the highest id), `price_asc` / `price_desc` (cheapest / dearest first, the dearest then by the highest id; a session’s own price in GET /sessions/explore), `rating` (best average rating first, then the most reviews; unrated last). Ties end by id. */
                sort?: components["parameters"]["CatalogSort"];
                /** @description Only courses taught in this language (GET /languages). */
                languageId?: components["parameters"]["LanguageId"];
                /** @description Lowest price, decimal US dollars, inclusive (0 keeps free ones). 400 when above maxPrice. */
                minPrice?: components["parameters"]["MinPrice"];
                /** @description Highest price, decimal US dollars, inclusive (maxPrice=0: free only). */
                maxPrice?: components["parameters"]["MaxPrice"];
                /** @description Only what starts on or after this date (YYYY-MM-DD; for courses, one of their open sessions). 400 when after startTo. */
                startFrom?: components["parameters"]["StartFrom"];
                /** @description Only what starts on or before this date (YYYY-MM-DD, inclusive). */
                startTo?: components["parameters"]["StartTo"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "ACTIVE",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             },
                     *             "course": {
                     *               "id": 12,
                     *               "title": "Modern web apps with React",
                     *               "description": "Build and ship a full React application, live with an instructor.",
                     *               "pictureUrl": "/uploads/courses/12.jpg",
                     *               "numHours": 32,
                     *               "difficultyLevel": "INTERMEDIATE",
                     *               "category": {
                     *                 "id": 3,
                     *                 "name": "Web development",
                     *                 "nameAr": "تطوير الويب"
                     *               },
                     *               "language": {
                     *                 "id": 1,
                     *                 "code": "en",
                     *                 "name": "English"
                     *               },
                     *               "rating": {
                     *                 "average": 4.6,
                     *                 "count": 38
                     *               }
                     *             }
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedSessionExploreItem"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    saveCourse: {
        parameters: {
            query?: {
                /** @description Id of the course to update; absent = create a new course. */
                id?: components["parameters"]["CourseIdToUpdate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["CourseForm"];
            };
        };
        responses: {
            /** @description Updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "course": {
                     *           "id": 12,
                     *           "title": "Modern web apps with React",
                     *           "description": "Build and ship a full React application, live with an instructor.",
                     *           "pictureUrl": "/uploads/courses/12.jpg",
                     *           "price": 149,
                     *           "numHours": 32,
                     *           "difficultyLevel": "INTERMEDIATE",
                     *           "category": {
                     *             "id": 3,
                     *             "name": "Web development",
                     *             "nameAr": "تطوير الويب"
                     *           },
                     *           "language": {
                     *             "id": 1,
                     *             "code": "en",
                     *             "name": "English"
                     *           },
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           },
                     *           "rating": {
                     *             "average": 4.6,
                     *             "count": 38
                     *           },
                     *           "gainedSkills": [
                     *             {
                     *               "id": 4,
                     *               "name": "React"
                     *             },
                     *             {
                     *               "id": 9,
                     *               "name": "TypeScript"
                     *             }
                     *           ],
                     *           "nextSession": {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "startDate": "2025-03-03",
                     *             "endDate": "2025-04-25",
                     *             "timezone": "America/New_York",
                     *             "schedule": {
                     *               "sunday": null,
                     *               "monday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "tuesday": null,
                     *               "wednesday": {
                     *                 "start": "18:00",
                     *                 "end": "20:00"
                     *               },
                     *               "thursday": null,
                     *               "friday": null,
                     *               "saturday": null
                     *             },
                     *             "maxSeats": 25,
                     *             "seatsTaken": 18,
                     *             "seatsLeft": 7,
                     *             "price": 149,
                     *             "status": "ACTIVE",
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             }
                     *           },
                     *           "status": "PUBLISHED",
                     *           "isPrivate": false,
                     *           "companyId": null,
                     *           "about": "Eight weeks, two live meetings a week, one project.",
                     *           "videoUrl": "/uploads/courses/12-intro.mp4",
                     *           "requiredSkills": [
                     *             {
                     *               "id": 2,
                     *               "name": "JavaScript"
                     *             }
                     *           ],
                     *           "sessionsCount": 3
                     *         },
                     *         "session": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SavedCourse"];
                    };
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "course": {
                     *           "id": 12,
                     *           "title": "Modern web apps with React",
                     *           "description": "Build and ship a full React application, live with an instructor.",
                     *           "pictureUrl": "/uploads/courses/12.jpg",
                     *           "price": 149,
                     *           "numHours": 32,
                     *           "difficultyLevel": "INTERMEDIATE",
                     *           "category": {
                     *             "id": 3,
                     *             "name": "Web development",
                     *             "nameAr": "تطوير الويب"
                     *           },
                     *           "language": {
                     *             "id": 1,
                     *             "code": "en",
                     *             "name": "English"
                     *           },
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           },
                     *           "rating": {
                     *             "average": 0,
                     *             "count": 0
                     *           },
                     *           "gainedSkills": [
                     *             {
                     *               "id": 4,
                     *               "name": "React"
                     *             },
                     *             {
                     *               "id": 9,
                     *               "name": "TypeScript"
                     *             }
                     *           ],
                     *           "nextSession": null,
                     *           "status": "DRAFT",
                     *           "isPrivate": false,
                     *           "companyId": null,
                     *           "about": "Eight weeks, two live meetings a week, one project.",
                     *           "videoUrl": "/uploads/courses/12-intro.mp4",
                     *           "requiredSkills": [
                     *             {
                     *               "id": 2,
                     *               "name": "JavaScript"
                     *             }
                     *           ],
                     *           "sessionsCount": 1
                     *         },
                     *         "session": {
                     *           "id": 41,
                     *           "courseId": 12,
                     *           "startDate": "2025-03-03",
                     *           "endDate": "2025-04-25",
                     *           "timezone": "America/New_York",
                     *           "schedule": {
                     *             "sunday": null,
                     *             "monday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "tuesday": null,
                     *             "wednesday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "thursday": null,
                     *             "friday": null,
                     *             "saturday": null
                     *           },
                     *           "maxSeats": 25,
                     *           "seatsTaken": 0,
                     *           "seatsLeft": 25,
                     *           "price": 149,
                     *           "status": "PENDING",
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SavedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCourseInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 12,
                     *         "title": "Modern web apps with React",
                     *         "description": "Build and ship a full React application, live with an instructor.",
                     *         "pictureUrl": "/uploads/courses/12.jpg",
                     *         "price": 149,
                     *         "numHours": 32,
                     *         "difficultyLevel": "INTERMEDIATE",
                     *         "category": {
                     *           "id": 3,
                     *           "name": "Web development",
                     *           "nameAr": "تطوير الويب"
                     *         },
                     *         "language": {
                     *           "id": 1,
                     *           "code": "en",
                     *           "name": "English"
                     *         },
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "rating": {
                     *           "average": 4.6,
                     *           "count": 38
                     *         },
                     *         "gainedSkills": [
                     *           {
                     *             "id": 4,
                     *             "name": "React"
                     *           },
                     *           {
                     *             "id": 9,
                     *             "name": "TypeScript"
                     *           }
                     *         ],
                     *         "nextSession": {
                     *           "id": 41,
                     *           "courseId": 12,
                     *           "startDate": "2025-03-03",
                     *           "endDate": "2025-04-25",
                     *           "timezone": "America/New_York",
                     *           "schedule": {
                     *             "sunday": null,
                     *             "monday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "tuesday": null,
                     *             "wednesday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "thursday": null,
                     *             "friday": null,
                     *             "saturday": null
                     *           },
                     *           "maxSeats": 25,
                     *           "seatsTaken": 18,
                     *           "seatsLeft": 7,
                     *           "price": 149,
                     *           "status": "ACTIVE",
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           }
                     *         },
                     *         "status": "PUBLISHED",
                     *         "isPrivate": false,
                     *         "companyId": null,
                     *         "about": "Eight weeks, two live meetings a week, one project.",
                     *         "videoUrl": "/uploads/courses/12-intro.mp4",
                     *         "requiredSkills": [
                     *           {
                     *             "id": 2,
                     *             "name": "JavaScript"
                     *           }
                     *         ],
                     *         "sessionsCount": 3
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CourseInfo"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listCourseReviews: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 55,
                     *             "ratingValue": 5,
                     *             "content": "Clear explanations and a great final project.",
                     *             "createdAt": "2025-02-02T18:20:00Z",
                     *             "updatedAt": null,
                     *             "author": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             }
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedReview"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createCourseReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ratingValue": 5,
                 *       "content": "Clear explanations and a great final project."
                 *     }
                 */
                "application/json": components["schemas"]["ReviewRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 55,
                     *         "ratingValue": 5,
                     *         "content": "Clear explanations and a great final project.",
                     *         "createdAt": "2025-02-02T18:20:00Z",
                     *         "updatedAt": null,
                     *         "author": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Review"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getMyCourseReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's review (or null) and eligibility. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "review": null,
                     *         "eligibility": "ELIGIBLE",
                     *         "startDate": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["MyCourseReview"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateCourseReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description The id of a review of the course. */
                reviewId: components["parameters"]["ReviewId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ratingValue": 4,
                 *       "content": "Clear explanations; the last week felt rushed."
                 *     }
                 */
                "application/json": components["schemas"]["ReviewRequest"];
            };
        };
        responses: {
            /** @description The review as edited. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 55,
                     *         "ratingValue": 4,
                     *         "content": "Clear explanations; the last week felt rushed.",
                     *         "createdAt": "2025-02-02T18:20:00Z",
                     *         "updatedAt": "2025-02-09T10:05:00Z",
                     *         "author": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Review"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteCourseReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description The id of a review of the course. */
                reviewId: components["parameters"]["ReviewId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; the id of the review. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 55
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeletedRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listActiveCourseSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 41,
                     *           "courseId": 12,
                     *           "startDate": "2025-03-03",
                     *           "endDate": "2025-04-25",
                     *           "timezone": "America/New_York",
                     *           "schedule": {
                     *             "sunday": null,
                     *             "monday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "tuesday": null,
                     *             "wednesday": {
                     *               "start": "18:00",
                     *               "end": "20:00"
                     *             },
                     *             "thursday": null,
                     *             "friday": null,
                     *             "saturday": null
                     *           },
                     *           "maxSeats": 25,
                     *           "seatsTaken": 18,
                     *           "seatsLeft": 7,
                     *           "price": 149,
                     *           "status": "ACTIVE",
                     *           "educator": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": "/uploads/profile/7.png"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionSummary"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    joinWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "omar.haddad@example.org"
                 *     }
                 */
                "application/json": components["schemas"]["WaitlistRequest"];
            };
        };
        responses: {
            /** @description Already on the waitlist. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "courseId": 12,
                     *         "email": "omar.haddad@example.org",
                     *         "confirmed": true,
                     *         "createdAt": "2025-02-01T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WaitlistEntry"];
                    };
                };
            };
            /** @description Added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "courseId": 12,
                     *         "email": "omar.haddad@example.org",
                     *         "confirmed": true,
                     *         "createdAt": "2025-02-21T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WaitlistEntry"];
                    };
                };
            };
            /** @description A guest's address; a confirmation link was mailed unless it is already confirmed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "message": "Check your mailbox to confirm your place on the waitlist."
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Acknowledgement"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    confirmWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a waitlist confirmation link (32 random bytes, base64url; valid 72 hours). */
                token: components["parameters"]["WaitlistToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmed; the entry and its course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "courseId": 12,
                     *         "courseTitle": "Intro to Algorithms",
                     *         "email": "omar.haddad@example.org",
                     *         "confirmed": true,
                     *         "createdAt": "2025-02-21T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WaitlistConfirmation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listCategories: {
        parameters: {
            query?: {
                /** @description Company (partner) id: count only the courses of this company. */
                partnerId?: components["parameters"]["PartnerId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 3,
                     *           "name": "Web development",
                     *           "nameAr": "تطوير الويب",
                     *           "courseCount": 12
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Category"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    exploreCourses: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description Only this category. */
                categoryId?: components["parameters"]["CategoryId"];
                /** @description Only this difficulty level. */
                difficulty?: components["parameters"]["Difficulty"];
                /** @description Order of the catalog: `relevance` (the default: with `query`, best title match first, then the soonest start, then id; without `query`, the catalog's usual order), `soonest` (next start date first; courses with no open session last), `newest` (most recently created first, then the highest id), `price_asc` / `price_desc` (cheapest / dearest first, the dearest then by the highest id; a session’s own price in GET /sessions/explore), `rating` (best average rating first, then the most reviews; unrated last). Ties end by id. */
                sort?: components["parameters"]["CatalogSort"];
                /** @description Only courses taught in this language (GET /languages). */
                languageId?: components["parameters"]["LanguageId"];
                /** @description Lowest price, decimal US dollars, inclusive (0 keeps free ones). 400 when above maxPrice. */
                minPrice?: components["parameters"]["MinPrice"];
                /** @description Highest price, decimal US dollars, inclusive (maxPrice=0: free only). */
                maxPrice?: components["parameters"]["MaxPrice"];
                /** @description Only what starts on or after this date (YYYY-MM-DD; for courses, one of their open sessions). 400 when after startTo. */
                startFrom?: components["parameters"]["StartFrom"];
                /** @description Only what starts on or before this date (YYYY-MM-DD, inclusive). */
                startTo?: components["parameters"]["StartTo"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of courses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 12,
                     *             "title": "Modern web apps with React",
                     *             "description": "Build and ship a full React application, live with an instructor.",
                     *             "pictureUrl": "/uploads/courses/12.jpg",
                     *             "price": 149,
                     *             "numHours": 32,
                     *             "difficultyLevel": "INTERMEDIATE",
                     *             "category": {
                     *               "id": 3,
                     *               "name": "Web development",
                     *               "nameAr": "تطوير الويب"
                     *             },
                     *             "language": {
                     *               "id": 1,
                     *               "code": "en",
                     *               "name": "English"
                     *             },
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             },
                     *             "rating": {
                     *               "average": 4.6,
                     *               "count": 38
                     *             },
                     *             "gainedSkills": [
                     *               {
                     *                 "id": 4,
                     *                 "name": "React"
                     *               },
                     *               {
                     *                 "id": 9,
                     *                 "name": "TypeScript"
                     *               }
                     *             ],
                     *             "nextSession": {
                     *               "id": 41,
                     *               "courseId": 12,
                     *               "startDate": "2025-03-03",
                     *               "endDate": "2025-04-25",
                     *               "timezone": "America/New_York",
                     *               "schedule": {
                     *                 "sunday": null,
                     *                 "monday": {
                     *                   "start": "18:00",
                     *                   "end": "20:00"
                     *                 },
                     *                 "tuesday": null,
                     *                 "wednesday": {
                     *                   "start": "18:00",
                     *                   "end": "20:00"
                     *                 },
                     *                 "thursday": null,
                     *                 "friday": null,
                     *                 "saturday": null
                     *               },
                     *               "maxSeats": 25,
                     *               "seatsTaken": 18,
                     *               "seatsLeft": 7,
                     *               "price": 149,
                     *               "status": "ACTIVE",
                     *               "educator": {
                     *                 "id": 7,
                     *                 "name": "Salma Idrissi",
                     *                 "pictureUrl": "/uploads/profile/7.png"
                     *               }
                     *             },
                     *             "status": "PUBLISHED",
                     *             "isPrivate": false,
                     *             "companyId": null
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedCourseSummary"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listCoursesToTeach: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of courses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 12,
                     *             "title": "Modern web apps with React",
                     *             "description": "Build and ship a full React application, live with an instructor.",
                     *             "pictureUrl": "/uploads/courses/12.jpg",
                     *             "price": 149,
                     *             "numHours": 32,
                     *             "difficultyLevel": "INTERMEDIATE",
                     *             "category": {
                     *               "id": 3,
                     *               "name": "Web development",
                     *               "nameAr": "تطوير الويب"
                     *             },
                     *             "language": {
                     *               "id": 1,
                     *               "code": "en",
                     *               "name": "English"
                     *             },
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             },
                     *             "rating": {
                     *               "average": 4.6,
                     *               "count": 38
                     *             },
                     *             "gainedSkills": [
                     *               {
                     *                 "id": 4,
                     *                 "name": "React"
                     *               },
                     *               {
                     *                 "id": 9,
                     *                 "name": "TypeScript"
                     *               }
                     *             ],
                     *             "nextSession": {
                     *               "id": 41,
                     *               "courseId": 12,
                     *               "startDate": "2025-03-03",
                     *               "endDate": "2025-04-25",
                     *               "timezone": "America/New_York",
                     *               "schedule": {
                     *                 "sunday": null,
                     *                 "monday": {
                     *                   "start": "18:00",
                     *                   "end": "20:00"
                     *                 },
                     *                 "tuesday": null,
                     *                 "wednesday": {
                     *                   "start": "18:00",
                     *                   "end": "20:00"
                     *                 },
                     *                 "thursday": null,
                     *                 "friday": null,
                     *                 "saturday": null
                     *               },
                     *               "maxSeats": 25,
                     *               "seatsTaken": 18,
                     *               "seatsLeft": 7,
                     *               "price": 149,
                     *               "status": "ACTIVE",
                     *               "educator": {
                     *                 "id": 7,
                     *                 "name": "Salma Idrissi",
                     *                 "pictureUrl": "/uploads/profile/7.png"
                     *               }
                     *             },
                     *             "status": "PUBLISHED",
                     *             "isPrivate": false,
                     *             "companyId": null,
                     *             "moderationMessage": null,
                     *             "submittedAt": "2025-01-20T10:00:00Z",
                     *             "pendingSessions": 0
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedModeratedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listCoursesForReview: {
        parameters: {
            query?: {
                /** @description Only courses in this status (default PENDING). */
                status?: components["parameters"]["CourseStatusFilter"];
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of courses with their moderation state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 31,
                     *             "title": "Compilers from scratch",
                     *             "description": "Write a small compiler live with an instructor.",
                     *             "pictureUrl": "/uploads/courses/31.jpg",
                     *             "price": 120,
                     *             "numHours": 24,
                     *             "difficultyLevel": "ADVANCED",
                     *             "category": {
                     *               "id": 2,
                     *               "name": "Computer science",
                     *               "nameAr": "علوم الحاسوب"
                     *             },
                     *             "language": {
                     *               "id": 1,
                     *               "code": "en",
                     *               "name": "English"
                     *             },
                     *             "educator": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": "/uploads/profile/7.png"
                     *             },
                     *             "rating": {
                     *               "average": 0,
                     *               "count": 0
                     *             },
                     *             "gainedSkills": [],
                     *             "nextSession": null,
                     *             "status": "PENDING",
                     *             "isPrivate": false,
                     *             "companyId": null,
                     *             "moderationMessage": null,
                     *             "submittedAt": "2025-02-10T09:30:00Z",
                     *             "pendingSessions": 0
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedModeratedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    approveCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Clear syllabus, approved."
                 *     }
                 */
                "application/json": components["schemas"]["ApprovalRequest"];
            };
        };
        responses: {
            /** @description The approved course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 31,
                     *         "title": "Compilers from scratch",
                     *         "description": "Write a small compiler live with an instructor.",
                     *         "pictureUrl": "/uploads/courses/31.jpg",
                     *         "price": 120,
                     *         "numHours": 24,
                     *         "difficultyLevel": "ADVANCED",
                     *         "category": {
                     *           "id": 2,
                     *           "name": "Computer science",
                     *           "nameAr": "علوم الحاسوب"
                     *         },
                     *         "language": {
                     *           "id": 1,
                     *           "code": "en",
                     *           "name": "English"
                     *         },
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "rating": {
                     *           "average": 0,
                     *           "count": 0
                     *         },
                     *         "gainedSkills": [],
                     *         "nextSession": null,
                     *         "status": "APPROVED",
                     *         "isPrivate": false,
                     *         "companyId": null,
                     *         "moderationMessage": "Clear syllabus, approved.",
                     *         "submittedAt": "2025-02-10T09:30:00Z",
                     *         "pendingSessions": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ModeratedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    rejectCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Week 3 has no lessons yet; please complete the syllabus."
                 *     }
                 */
                "application/json": components["schemas"]["ModerationRequest"];
            };
        };
        responses: {
            /** @description The rejected course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 31,
                     *         "title": "Compilers from scratch",
                     *         "description": "Write a small compiler live with an instructor.",
                     *         "pictureUrl": "/uploads/courses/31.jpg",
                     *         "price": 120,
                     *         "numHours": 24,
                     *         "difficultyLevel": "ADVANCED",
                     *         "category": {
                     *           "id": 2,
                     *           "name": "Computer science",
                     *           "nameAr": "علوم الحاسوب"
                     *         },
                     *         "language": {
                     *           "id": 1,
                     *           "code": "en",
                     *           "name": "English"
                     *         },
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "rating": {
                     *           "average": 0,
                     *           "count": 0
                     *         },
                     *         "gainedSkills": [],
                     *         "nextSession": null,
                     *         "status": "REJECTED",
                     *         "isPrivate": false,
                     *         "companyId": null,
                     *         "moderationMessage": "Week 3 has no lessons yet; please complete the syllabus.",
                     *         "submittedAt": "2025-02-10T09:30:00Z",
                     *         "pendingSessions": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ModeratedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    unpublishCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Several learners reported outdated material; please update it."
                 *     }
                 */
                "application/json": components["schemas"]["ModerationRequest"];
            };
        };
        responses: {
            /** @description The unpublished course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 31,
                     *         "title": "Compilers from scratch",
                     *         "description": "Write a small compiler live with an instructor.",
                     *         "pictureUrl": "/uploads/courses/31.jpg",
                     *         "price": 120,
                     *         "numHours": 24,
                     *         "difficultyLevel": "ADVANCED",
                     *         "category": {
                     *           "id": 2,
                     *           "name": "Computer science",
                     *           "nameAr": "علوم الحاسوب"
                     *         },
                     *         "language": {
                     *           "id": 1,
                     *           "code": "en",
                     *           "name": "English"
                     *         },
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "rating": {
                     *           "average": 4.5,
                     *           "count": 12
                     *         },
                     *         "gainedSkills": [],
                     *         "nextSession": null,
                     *         "status": "UNPUBLISHED",
                     *         "isPrivate": false,
                     *         "companyId": null,
                     *         "moderationMessage": "Several learners reported outdated material; please update it.",
                     *         "submittedAt": "2025-02-10T09:30:00Z",
                     *         "pendingSessions": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ModeratedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    publishCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["ApprovalRequest"];
            };
        };
        responses: {
            /** @description The published course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 31,
                     *         "title": "Compilers from scratch",
                     *         "description": "Write a small compiler live with an instructor.",
                     *         "pictureUrl": "/uploads/courses/31.jpg",
                     *         "price": 120,
                     *         "numHours": 24,
                     *         "difficultyLevel": "ADVANCED",
                     *         "category": {
                     *           "id": 2,
                     *           "name": "Computer science",
                     *           "nameAr": "علوم الحاسوب"
                     *         },
                     *         "language": {
                     *           "id": 1,
                     *           "code": "en",
                     *           "name": "English"
                     *         },
                     *         "educator": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": "/uploads/profile/7.png"
                     *         },
                     *         "rating": {
                     *           "average": 0,
                     *           "count": 0
                     *         },
                     *         "gainedSkills": [],
                     *         "nextSession": null,
                     *         "status": "PUBLISHED",
                     *         "isPrivate": false,
                     *         "companyId": null,
                     *         "moderationMessage": null,
                     *         "submittedAt": "2025-02-10T09:30:00Z",
                     *         "pendingSessions": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ModeratedCourse"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getDashboardStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "role": "LEARNER",
                     *         "firstSignIn": false,
                     *         "counters": {
                     *           "enrollments": 3,
                     *           "upcomingSessions": 1,
                     *           "walletBalance": 43.05
                     *         },
                     *         "series": {
                     *           "enrollmentsByWeek": [
                     *             {
                     *               "label": "2025-02-24",
                     *               "value": 1
                     *             },
                     *             {
                     *               "label": "2025-03-03",
                     *               "value": 2
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DashboardStats"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listLessonTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lesson types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "code": "meeting",
                     *           "name": "Meeting"
                     *         },
                     *         {
                     *           "id": 2,
                     *           "code": "video",
                     *           "name": "Video"
                     *         },
                     *         {
                     *           "id": 3,
                     *           "code": "reading",
                     *           "name": "Reading"
                     *         },
                     *         {
                     *           "id": 4,
                     *           "code": "assignment",
                     *           "name": "Assignment"
                     *         },
                     *         {
                     *           "id": 5,
                     *           "code": "quiz",
                     *           "name": "Quiz"
                     *         },
                     *         {
                     *           "id": 6,
                     *           "code": "learningObjective",
                     *           "name": "Learning path"
                     *         },
                     *         {
                     *           "id": 7,
                     *           "code": "programmingAssignment",
                     *           "name": "Programming assignment"
                     *         },
                     *         {
                     *           "id": 8,
                     *           "code": "notes",
                     *           "name": "Notes"
                     *         },
                     *         {
                     *           "id": 9,
                     *           "code": "liveSession",
                     *           "name": "Live session"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LessonType"][];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listLanguages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The languages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "code": "en",
                     *           "name": "English"
                     *         },
                     *         {
                     *           "id": 2,
                     *           "code": "ar",
                     *           "name": "Arabic"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Language"][];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSkills: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The skills, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 4,
                     *           "name": "React"
                     *         },
                     *         {
                     *           "id": 9,
                     *           "name": "TypeScript"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Skill"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCourseEditorData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The editor's initial data. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 12,
                     *         "status": "DRAFT",
                     *         "moderationMessage": null,
                     *         "title": "Modern web apps with React",
                     *         "courseCategoryId": 1,
                     *         "languageId": 1,
                     *         "description": "Build and ship a full React application.",
                     *         "about": "Eight weeks of live classes.",
                     *         "price": 149,
                     *         "numHours": 32,
                     *         "difficultyLevel": "INTERMEDIATE",
                     *         "hasMultiInstructors": false,
                     *         "isPrivate": false,
                     *         "companyId": null,
                     *         "pictureId": 88,
                     *         "pictureUrl": "/uploads/coursepicture/88.png",
                     *         "videoId": null,
                     *         "videoUrl": null,
                     *         "courseSkills": [
                     *           {
                     *             "type": "REQUIRED",
                     *             "skill": {
                     *               "id": 2,
                     *               "name": "JavaScript"
                     *             }
                     *           },
                     *           {
                     *             "type": "GAINED",
                     *             "skill": {
                     *               "id": 4,
                     *               "name": "React"
                     *             }
                     *           }
                     *         ],
                     *         "requiredSkills": "2",
                     *         "gainedSkills": "4",
                     *         "session": {
                     *           "id": 41,
                     *           "startDate": "2025-03-03",
                     *           "endDate": "2025-04-25",
                     *           "timezone": "America/New_York",
                     *           "maxSeats": 25,
                     *           "status": "PENDING"
                     *         },
                     *         "weeks": {
                     *           "sunday": null,
                     *           "monday": {
                     *             "start": "18:00",
                     *             "end": "20:00"
                     *           },
                     *           "tuesday": null,
                     *           "wednesday": null,
                     *           "thursday": null,
                     *           "friday": null,
                     *           "saturday": null
                     *         },
                     *         "syllabus": [
                     *           {
                     *             "week": 1,
                     *             "sections": [
                     *               {
                     *                 "name": "Getting started",
                     *                 "order": 0,
                     *                 "lessons": [
                     *                   {
                     *                     "id": 501,
                     *                     "lessonTypeId": 1,
                     *                     "name": "Kick-off meeting",
                     *                     "order": 0,
                     *                     "duration": 90,
                     *                     "link": "https://meet.halaqa.test/react-w1"
                     *                   }
                     *                 ]
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CourseEditorData"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listUsTimezones: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The time zones. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "America/New_York",
                     *           "name": "Eastern Time",
                     *           "offset": "-05:00"
                     *         },
                     *         {
                     *           "id": "America/Chicago",
                     *           "name": "Central Time",
                     *           "offset": "-06:00"
                     *         },
                     *         {
                     *           "id": "America/Denver",
                     *           "name": "Mountain Time",
                     *           "offset": "-07:00"
                     *         },
                     *         {
                     *           "id": "America/Los_Angeles",
                     *           "name": "Pacific Time",
                     *           "offset": "-08:00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Timezone"][];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listAssignmentSubmissions: {
        parameters: {
            query?: {
                /** @description Only this session's submissions. */
                sessionId?: components["schemas"]["Id"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of submissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 77,
                     *             "assignmentId": 503,
                     *             "sessionId": 41,
                     *             "kind": "DOCUMENT",
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "document": {
                     *               "url": "/uploads/submissions/77.pdf",
                     *               "fileName": "todo-app-report.pdf"
                     *             },
                     *             "code": null,
                     *             "results": null,
                     *             "points": 100,
                     *             "late": false,
                     *             "status": "DONE",
                     *             "grade": 92,
                     *             "comment": "Well structured; add tests next time.",
                     *             "submittedAt": "2025-03-10T20:15:00Z",
                     *             "gradedAt": "2025-03-12T09:00:00Z"
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedSubmission"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    submitAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SubmissionForm"];
            };
        };
        responses: {
            /** @description Submitted. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 77,
                     *         "assignmentId": 503,
                     *         "sessionId": 41,
                     *         "kind": "DOCUMENT",
                     *         "learner": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         },
                     *         "document": {
                     *           "url": "/uploads/submissions/77.pdf",
                     *           "fileName": "todo-app-report.pdf"
                     *         },
                     *         "code": null,
                     *         "results": null,
                     *         "points": 100,
                     *         "late": false,
                     *         "status": "SUBMITTED",
                     *         "grade": null,
                     *         "comment": null,
                     *         "submittedAt": "2025-03-10T20:15:00Z",
                     *         "gradedAt": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Submission"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    gradeSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grade": 92,
                 *       "comment": "Well structured; add tests next time."
                 *     }
                 */
                "application/json": components["schemas"]["GradeRequest"];
            };
        };
        responses: {
            /** @description The graded submission. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 77,
                     *         "assignmentId": 503,
                     *         "sessionId": 41,
                     *         "kind": "DOCUMENT",
                     *         "learner": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         },
                     *         "document": {
                     *           "url": "/uploads/submissions/77.pdf",
                     *           "fileName": "todo-app-report.pdf"
                     *         },
                     *         "code": null,
                     *         "results": null,
                     *         "points": 100,
                     *         "late": false,
                     *         "status": "DONE",
                     *         "grade": 92,
                     *         "comment": "Well structured; add tests next time.",
                     *         "submittedAt": "2025-03-10T20:15:00Z",
                     *         "gradedAt": "2025-03-12T09:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Submission"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getExternalAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bank account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ba_1QxWb2Lkd82hfa",
                     *         "bankName": "STRIPE TEST BANK",
                     *         "last4": "6789",
                     *         "country": "US",
                     *         "currency": "USD",
                     *         "status": "verified"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ExternalAccount"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    addExternalAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BankAccountRequest"];
            };
        };
        responses: {
            /** @description The bank account. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "ba_1QxWb2Lkd82hfa",
                     *         "bankName": "STRIPE TEST BANK",
                     *         "last4": "6789",
                     *         "country": "US",
                     *         "currency": "USD",
                     *         "status": "verified"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ExternalAccount"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listCards: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cards. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "pm_1QxW5RLkd82hfa",
                     *           "brand": "visa",
                     *           "last4": "4242",
                     *           "expMonth": 12,
                     *           "expYear": 2030,
                     *           "isDefault": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Card"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    addCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source": "tok_visa"
                 *     }
                 */
                "application/json": components["schemas"]["CardRequest"];
            };
        };
        responses: {
            /** @description The saved card. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pm_1QxW5RLkd82hfa",
                     *         "brand": "visa",
                     *         "last4": "4242",
                     *         "expMonth": 12,
                     *         "expYear": 2030,
                     *         "isDefault": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Card"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    quoteFee: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "price": 149
                 *     }
                 */
                "application/json": components["schemas"]["FeeRequest"];
            };
        };
        responses: {
            /** @description The quote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "price": 149,
                     *         "fee": 7.95,
                     *         "total": 156.95,
                     *         "amount": 15695,
                     *         "currency": "USD"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["FeeQuote"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listDiscountCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The codes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 3,
                     *           "code": "WELCOME20",
                     *           "kind": "percent",
                     *           "percentOff": 20,
                     *           "amountOff": null,
                     *           "courseId": 7,
                     *           "courseTitle": "Python for data analysis",
                     *           "sessionId": null,
                     *           "companyId": null,
                     *           "validFrom": "2026-01-01T00:00:00Z",
                     *           "validTo": "2027-01-01T00:00:00Z",
                     *           "maxUses": 100,
                     *           "maxUsesPerLearner": 1,
                     *           "uses": 1,
                     *           "recentUses": [
                     *             {
                     *               "learnerName": "Lina Haddad",
                     *               "sessionId": 41,
                     *               "discount": 2980,
                     *               "usedAt": "2026-02-20T15:04:05Z"
                     *             }
                     *           ],
                     *           "createdAt": "2026-01-01T00:00:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DiscountCode"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createDiscountCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "WELCOME20",
                 *       "kind": "percent",
                 *       "percentOff": 20,
                 *       "courseId": 7,
                 *       "validFrom": "2026-01-01T00:00:00Z",
                 *       "validTo": "2027-01-01T00:00:00Z",
                 *       "maxUses": 100,
                 *       "maxUsesPerLearner": 1
                 *     }
                 */
                "application/json": components["schemas"]["DiscountCodeRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 3,
                     *         "code": "WELCOME20",
                     *         "kind": "percent",
                     *         "percentOff": 20,
                     *         "amountOff": null,
                     *         "courseId": 7,
                     *         "courseTitle": "Python for data analysis",
                     *         "sessionId": null,
                     *         "companyId": null,
                     *         "validFrom": "2026-01-01T00:00:00Z",
                     *         "validTo": "2027-01-01T00:00:00Z",
                     *         "maxUses": 100,
                     *         "maxUsesPerLearner": 1,
                     *         "uses": 0,
                     *         "recentUses": [],
                     *         "createdAt": "2026-01-01T00:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DiscountCode"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    quoteDiscountCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sessionId": 41,
                 *       "code": "welcome20"
                 *     }
                 */
                "application/json": components["schemas"]["DiscountQuoteRequest"];
            };
        };
        responses: {
            /** @description The discounted quote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "code": "WELCOME20",
                     *         "listPrice": 149,
                     *         "discount": 29.8,
                     *         "price": 119.2,
                     *         "fee": 6.46,
                     *         "total": 125.66,
                     *         "amount": 12566,
                     *         "currency": "USD"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DiscountQuote"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createPaymentIntent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-chosen unique key (e.g. a UUID). A replay with the same key returns the first result and never charges twice; the same key with a different body answers 422.
                 * @example 6f1c2a9e-4b7d-4e57-9a43-1f0d3c8b2e11
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sessionId": 41,
                 *       "amount": 15695
                 *     }
                 */
                "application/json": components["schemas"]["CardPaymentIntentRequest"];
            };
        };
        responses: {
            /** @description The intent. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pi_3QxW9aLkd82hfb",
                     *         "status": "requires_payment_method",
                     *         "amount": 15695,
                     *         "currency": "USD",
                     *         "sessionId": 41,
                     *         "paymentMethod": "card",
                     *         "enrollmentId": null,
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "expiresAt": null,
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PaymentIntent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    confirmPaymentIntent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-chosen unique key (e.g. a UUID). A replay with the same key returns the first result and never charges twice; the same key with a different body answers 422.
                 * @example 6f1c2a9e-4b7d-4e57-9a43-1f0d3c8b2e11
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Payment intent id ("pi_…"). */
                id: components["parameters"]["PaymentIntentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "paymentMethod": "pm_1QxW5RLkd82hfa"
                 *     }
                 */
                "application/json": components["schemas"]["ConfirmPaymentRequest"];
            };
        };
        responses: {
            /** @description The intent after confirmation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pi_3QxW9aLkd82hfb",
                     *         "status": "succeeded",
                     *         "amount": 15695,
                     *         "currency": "USD",
                     *         "sessionId": 41,
                     *         "paymentMethod": "card",
                     *         "enrollmentId": 301,
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "expiresAt": null,
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PaymentIntent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    authenticatePaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment intent id ("pi_…"). */
                id: components["parameters"]["PaymentIntentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "result": "succeed"
                 *     }
                 */
                "application/json": components["schemas"]["AuthenticationResult"];
            };
        };
        responses: {
            /** @description The intent after the 3-D Secure step. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pi_3QxW9aLkd82hfb",
                     *         "status": "succeeded",
                     *         "amount": 15695,
                     *         "currency": "USD",
                     *         "sessionId": 41,
                     *         "paymentMethod": "card",
                     *         "enrollmentId": 301,
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "expiresAt": null,
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PaymentIntent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    cancelPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment intent id ("pi_…"). */
                id: components["parameters"]["PaymentIntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled intent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pi_3QxW9aLkd82hfb",
                     *         "status": "canceled",
                     *         "amount": 15695,
                     *         "currency": "USD",
                     *         "sessionId": 41,
                     *         "paymentMethod": "card",
                     *         "enrollmentId": null,
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "expiresAt": null,
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PaymentIntent"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    removeCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Saved card (payment method) id ("pm_…"). */
                id: components["parameters"]["CardId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pm_1QxW5RLkd82hfa"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RemovedCard"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    setDefaultCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Saved card (payment method) id ("pm_…"). */
                id: components["parameters"]["CardId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The card, now the default. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pm_1QxW5RLkd82hfa",
                     *         "brand": "visa",
                     *         "last4": "4242",
                     *         "expMonth": 12,
                     *         "expYear": 2030,
                     *         "isDefault": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Card"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getPaymentConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "gateway": "sandbox",
                     *         "publishableKey": null,
                     *         "currency": "USD",
                     *         "holdMinutes": 15,
                     *         "testCards": [
                     *           {
                     *             "token": "tok_visa",
                     *             "brand": "visa",
                     *             "last4": "4242",
                     *             "outcome": "succeeds"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PaymentConfig"];
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getMyEarnings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The earnings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "currency": "USD",
                     *         "pending": 420,
                     *         "payable": 149,
                     *         "paidOut": 298,
                     *         "payouts": [
                     *           {
                     *             "id": "po_1QzAbc",
                     *             "amount": 29800,
                     *             "status": "paid",
                     *             "externalAccountId": "ba_1QzAbc",
                     *             "createdAt": "2025-02-01T10:00:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Earnings"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createPayout: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-chosen unique key (e.g. a UUID). A replay with the same key returns the first result and never charges twice; the same key with a different body answers 422.
                 * @example 6f1c2a9e-4b7d-4e57-9a43-1f0d3c8b2e11
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Paid out. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "po_1QzAbc",
                     *         "amount": 14900,
                     *         "status": "paid",
                     *         "externalAccountId": "ba_1QzAbc",
                     *         "createdAt": "2025-03-01T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Payout"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    receiveStripeWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Stripe's signature of the raw body. */
                "Stripe-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_1QzAbc",
                 *       "type": "payment_intent.succeeded",
                 *       "data": {
                 *         "object": {
                 *           "id": "pi_3QxW9aLkd82hfb"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["StripeEvent"];
            };
        };
        responses: {
            /** @description Received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "received": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            received: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    payWithWallet: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-chosen unique key (e.g. a UUID). A replay with the same key returns the first result and never charges twice; the same key with a different body answers 422.
                 * @example 6f1c2a9e-4b7d-4e57-9a43-1f0d3c8b2e11
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sessionId": 41,
                 *       "amount": 15695
                 *     }
                 */
                "application/json": components["schemas"]["WalletPaymentRequest"];
            };
        };
        responses: {
            /** @description Paid (status succeeded) and enrolled. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "pi_3QxW7pLkd82hfa",
                     *         "status": "succeeded",
                     *         "amount": 15695,
                     *         "currency": "USD",
                     *         "sessionId": 41,
                     *         "paymentMethod": "wallet",
                     *         "enrollmentId": 301,
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "expiresAt": null,
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PaymentIntent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getMyWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "balance": 43.05,
                     *         "currency": "USD",
                     *         "entries": [
                     *           {
                     *             "id": 9002,
                     *             "amount": -15695,
                     *             "reason": "PAYMENT",
                     *             "sessionId": 41,
                     *             "session": {
                     *               "id": 41,
                     *               "courseId": 7,
                     *               "courseTitle": "Modern web apps with React",
                     *               "startDate": "2025-03-03",
                     *               "endDate": "2025-04-28"
                     *             },
                     *             "description": "Payment for \"Modern web apps with React\" (2025-03-03 to 2025-04-28)",
                     *             "createdAt": "2025-02-20T15:04:05Z"
                     *           },
                     *           {
                     *             "id": 9001,
                     *             "amount": 20000,
                     *             "reason": "TOP_UP",
                     *             "sessionId": null,
                     *             "session": null,
                     *             "description": "Top-up by card visa ••4242",
                     *             "createdAt": "2025-02-18T10:00:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Wallet"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    topUpWallet: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-chosen unique key (e.g. a UUID). A replay with the same key returns the first result and never charges twice; the same key with a different body answers 422.
                 * @example 6f1c2a9e-4b7d-4e57-9a43-1f0d3c8b2e11
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 5000,
                 *       "paymentMethod": "pm_1QxW5RLkd82hfa"
                 *     }
                 */
                "application/json": components["schemas"]["TopUpRequest"];
            };
        };
        responses: {
            /** @description The top-up (succeeded, or requires_action for 3-D Secure). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "tu_6f1c2a9e0b7d4c31",
                     *         "status": "succeeded",
                     *         "amount": 5000,
                     *         "currency": "USD",
                     *         "paymentMethod": "pm_1QxW5RLkd82hfa",
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TopUp"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getRefundQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "enrollmentId": 310,
                     *         "courseTitle": "Modern web apps with React",
                     *         "startDate": "2025-03-03",
                     *         "paid": 15695,
                     *         "amount": 7475,
                     *         "stage": "PARTIAL",
                     *         "percent": 50,
                     *         "partialUntil": "2025-03-09",
                     *         "destinations": [
                     *           "wallet",
                     *           "card"
                     *         ],
                     *         "card": {
                     *           "brand": "visa",
                     *           "last4": "4242"
                     *         },
                     *         "policy": {
                     *           "partialPercent": 50,
                     *           "partialDays": 7
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RefundQuote"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    cancelEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "destination": "wallet"
                 *     }
                 */
                "application/json": components["schemas"]["CancelEnrollmentRequest"];
            };
        };
        responses: {
            /** @description Cancelled and refunded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "re_5f1c0a9d2b7e4c11",
                     *         "sessionId": 41,
                     *         "enrollmentId": 310,
                     *         "userId": 12,
                     *         "amount": 15695,
                     *         "stage": "FULL",
                     *         "percent": 100,
                     *         "destination": "wallet",
                     *         "status": "succeeded",
                     *         "createdAt": "2025-02-25T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    refundEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description The id of a learner with an ACTIVE enrollment in the session. */
                learnerId: components["parameters"]["LearnerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Refunded: the meeting links did not work in your first week."
                 *     }
                 */
                "application/json": components["schemas"]["AdminRefundRequest"];
            };
        };
        responses: {
            /** @description Cancelled and refunded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "re_5f1c0a9d2b7e4c12",
                     *         "sessionId": 41,
                     *         "enrollmentId": 310,
                     *         "userId": 12,
                     *         "amount": 15695,
                     *         "stage": "FULL",
                     *         "percent": 100,
                     *         "destination": "card",
                     *         "status": "succeeded",
                     *         "createdAt": "2025-03-05T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    authenticateTopUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wallet top-up id ("tu_…"). */
                id: components["parameters"]["TopUpId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "result": "succeed"
                 *     }
                 */
                "application/json": components["schemas"]["AuthenticationResult"];
            };
        };
        responses: {
            /** @description The top-up after the step. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "tu_6f1c2a9e0b7d4c31",
                     *         "status": "succeeded",
                     *         "amount": 5000,
                     *         "currency": "USD",
                     *         "paymentMethod": "pm_1QxW5RLkd82hfa",
                     *         "createdAt": "2025-02-20T15:04:05Z",
                     *         "lastPaymentError": null,
                     *         "nextAction": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TopUp"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteLearningGoal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 3
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeletedRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listLearningGoals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The goals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 3,
                     *           "skill": {
                     *             "id": 4,
                     *             "name": "React"
                     *           },
                     *           "progress": 50,
                     *           "achieved": false,
                     *           "courses": [
                     *             {
                     *               "id": 12,
                     *               "title": "Modern web apps with React",
                     *               "pictureUrl": "/uploads/demo/course-2.svg",
                     *               "sessionId": 41,
                     *               "startDate": "2025-01-06",
                     *               "endDate": "2025-02-28",
                     *               "completed": false,
                     *               "progress": 50
                     *             }
                     *           ],
                     *           "suggestions": [
                     *             {
                     *               "id": 15,
                     *               "title": "React for teams",
                     *               "pictureUrl": "/uploads/demo/course-5.svg",
                     *               "difficultyLevel": "INTERMEDIATE",
                     *               "nextSessionStartDate": "2025-03-03"
                     *             }
                     *           ],
                     *           "createdAt": "2025-01-20T10:00:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LearningGoal"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createLearningGoal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "skillId": 4
                 *     }
                 */
                "application/json": components["schemas"]["LearningGoalRequest"];
            };
        };
        responses: {
            /** @description Added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 3,
                     *         "skill": {
                     *           "id": 4,
                     *           "name": "React"
                     *         },
                     *         "progress": 50,
                     *         "achieved": false,
                     *         "courses": [
                     *           {
                     *             "id": 12,
                     *             "title": "Modern web apps with React",
                     *             "pictureUrl": "/uploads/demo/course-2.svg",
                     *             "sessionId": 41,
                     *             "startDate": "2025-01-06",
                     *             "endDate": "2025-02-28",
                     *             "completed": false,
                     *             "progress": 50
                     *           }
                     *         ],
                     *         "suggestions": [
                     *           {
                     *             "id": 15,
                     *             "title": "React for teams",
                     *             "pictureUrl": "/uploads/demo/course-5.svg",
                     *             "difficultyLevel": "INTERMEDIATE",
                     *             "nextSessionStartDate": "2025-03-03"
                     *           }
                     *         ],
                     *         "createdAt": "2025-01-20T10:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LearningGoal"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadCompanyPicture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    picture: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 90,
                     *         "url": "/uploads/company/2/logo.png",
                     *         "type": "COMPANYLOGO"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCompanySettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "companyId": 2,
                     *         "style": {
                     *           "primaryColor": "#6491D2",
                     *           "secondaryColor": "#428D77",
                     *           "tertiaryColor": "#DB5E3E"
                     *         },
                     *         "links": {
                     *           "website": "https://ncai.example.org",
                     *           "support": "mailto:support@ncai.example.org"
                     *         },
                     *         "logo": "/uploads/company/2/logo.png"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CompanySettings"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateCompanySettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "style": {
                 *         "primaryColor": "#6491D2",
                 *         "secondaryColor": "#428D77",
                 *         "tertiaryColor": "#DB5E3E"
                 *       },
                 *       "links": {
                 *         "website": "https://ncai.example.org",
                 *         "support": "mailto:support@ncai.example.org"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CompanySettingsUpdate"];
            };
        };
        responses: {
            /** @description The updated settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "companyId": 2,
                     *         "style": {
                     *           "primaryColor": "#6491D2",
                     *           "secondaryColor": "#428D77",
                     *           "tertiaryColor": "#DB5E3E"
                     *         },
                     *         "links": {
                     *           "website": "https://ncai.example.org",
                     *           "support": "mailto:support@ncai.example.org"
                     *         },
                     *         "logo": "/uploads/company/2/logo.png"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CompanySettings"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listCompanyMembers: {
        parameters: {
            query?: {
                /** @description Free-text search. */
                query?: components["parameters"]["Query"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 21,
                     *             "name": "Layla Haddad",
                     *             "email": "learner@ncai.halaqa.test",
                     *             "role": "LEARNER",
                     *             "pictureUrl": null,
                     *             "joinedAt": "2025-02-10T08:00:00Z",
                     *             "enrollments": 2,
                     *             "completedLessons": 3,
                     *             "totalLessons": 12
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedCompanyMember"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    removeCompanyMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description The id of a user who is a member of the company. */
                userId: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; the id of the user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 21
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeletedRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description The id of an invitation of the company. */
                invitationId: components["parameters"]["InvitationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation, its mail queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 14,
                     *         "email": "new.hire@ncai.example.org",
                     *         "role": "LEARNER",
                     *         "companyId": 2,
                     *         "status": "PENDING",
                     *         "invitedBy": {
                     *           "id": 3,
                     *           "name": "Nadia Benali",
                     *           "pictureUrl": null
                     *         },
                     *         "createdAt": "2025-02-10T08:00:00Z",
                     *         "expiresAt": "2025-02-17T08:00:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCompanyAttendanceAnalytics: {
        parameters: {
            query?: {
                /** @description Only sessions of this course. */
                courseId?: components["schemas"]["Id"];
                /** @description Only this session. */
                sessionId?: components["schemas"]["Id"];
                /** @description First occurrence date counted (YYYY-MM-DD, inclusive). */
                from?: string;
                /** @description Last occurrence date counted (YYYY-MM-DD, inclusive). */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company's attendance figures. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "companyId": 3,
                     *         "from": null,
                     *         "to": null,
                     *         "courses": [
                     *           {
                     *             "id": 12,
                     *             "title": "SQL for analysts"
                     *           }
                     *         ],
                     *         "sessionChoices": [
                     *           {
                     *             "id": 41,
                     *             "courseId": 12,
                     *             "courseTitle": "SQL for analysts",
                     *             "startDate": "2026-10-05"
                     *           }
                     *         ],
                     *         "sessions": [
                     *           {
                     *             "sessionId": 41,
                     *             "courseId": 12,
                     *             "courseTitle": "SQL for analysts",
                     *             "startDate": "2026-10-05",
                     *             "endDate": "2026-12-13",
                     *             "timezone": "Asia/Qatar",
                     *             "learners": 2,
                     *             "meetingsHeld": 3,
                     *             "attended": 5,
                     *             "excused": 0,
                     *             "expected": 6,
                     *             "rate": 0.8333
                     *           }
                     *         ],
                     *         "learners": [
                     *           {
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Aisha Al-Sulaiti",
                     *               "pictureUrl": null
                     *             },
                     *             "email": "learner@qad.halaqa.test",
                     *             "sessions": 1,
                     *             "attended": 3,
                     *             "held": 3,
                     *             "excused": 0,
                     *             "rate": 1
                     *           }
                     *         ],
                     *         "weeks": [
                     *           {
                     *             "weekStart": "2026-10-05",
                     *             "attended": 2,
                     *             "expected": 2,
                     *             "rate": 1
                     *           }
                     *         ],
                     *         "totals": {
                     *           "learners": 2,
                     *           "sessions": 1,
                     *           "meetingsHeld": 3,
                     *           "attended": 5,
                     *           "expected": 6,
                     *           "rate": 0.8333
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CompanyAttendanceAnalytics"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadProfilePicture: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    profilePicture: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/profilepicture/88.png",
                     *         "type": "PROFILEPICTURE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadResume: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    resume: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/resume/88.pdf",
                     *         "type": "RESUME"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadSignature: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    signature: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/signature/88.png",
                     *         "type": "SIGNATURE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadCoursePicture: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    picture: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/coursepicture/88.png",
                     *         "type": "COURSEPICTURE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadCourseVideo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    video: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/coursevideo/88.mp4",
                     *         "type": "COURSEVIDEO"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    document: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/lesson/88.pdf",
                     *         "type": "LESSON"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    uploadQuestionPicture: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    picture: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "url": "/uploads/questionpicture/88.png",
                     *         "type": "QUESTIONPICTURE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Upload"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getClassroom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The classroom. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "courseId": 7,
                     *         "courseTitle": "JavaScript from zero",
                     *         "educator": {
                     *           "id": 3,
                     *           "name": "Sara Benali",
                     *           "pictureUrl": null
                     *         },
                     *         "startDate": "2026-11-02",
                     *         "endDate": "2026-12-20",
                     *         "timezone": "America/New_York",
                     *         "status": "ACTIVE",
                     *         "viewerRole": "LEARNER",
                     *         "weeks": [
                     *           {
                     *             "week": 1,
                     *             "startsOn": "2026-11-02",
                     *             "deadline": "2026-11-09T05:00:00Z",
                     *             "sections": [
                     *               {
                     *                 "id": 12,
                     *                 "name": "Practice",
                     *                 "order": 0,
                     *                 "lessons": [
                     *                   {
                     *                     "id": 503,
                     *                     "name": "Types and coercion",
                     *                     "order": 0,
                     *                     "type": {
                     *                       "id": 5,
                     *                       "code": "quiz",
                     *                       "name": "Quiz"
                     *                     },
                     *                     "duration": 10,
                     *                     "day": null,
                     *                     "startTime": null,
                     *                     "status": "AUTOGRADED",
                     *                     "deadline": "2026-11-09T05:00:00Z",
                     *                     "points": 100,
                     *                     "grade": 80,
                     *                     "nextOccurrence": null
                     *                   }
                     *                 ]
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "nextMeeting": null,
                     *         "progress": {
                     *           "done": 1,
                     *           "total": 12
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Classroom"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listChatMessages: {
        parameters: {
            query?: {
                /** @description Only messages older than this message id (the `nextBefore` of the previous page). */
                before?: components["schemas"]["Id"];
                /** @description Most messages in the page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the chat's history. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 88,
                     *             "sessionId": 41,
                     *             "author": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "authorRole": "LEARNER",
                     *             "text": "Is the quiz due on Sunday?",
                     *             "createdAt": "2026-11-05T18:02:11Z"
                     *           }
                     *         ],
                     *         "nextBefore": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ChatHistory"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    postChatMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Is the quiz due on Sunday?"
                 *     }
                 */
                "application/json": components["schemas"]["ChatMessageInput"];
            };
        };
        responses: {
            /** @description Posted. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88,
                     *         "sessionId": 41,
                     *         "author": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         },
                     *         "authorRole": "LEARNER",
                     *         "text": "Is the quiz due on Sunday?",
                     *         "createdAt": "2026-11-05T18:02:11Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteChatMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Id of a message of the session's chat. */
                messageId: components["schemas"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 88
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeletedRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSessionCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example BEGIN:VCALENDAR
                     *     VERSION:2.0
                     *     PRODID:-//Halaqa//Classroom//EN
                     *     END:VCALENDAR
                     */
                    "text/calendar": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSessionAttendance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attendance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "meetings": [
                     *           {
                     *             "lessonId": 510,
                     *             "lessonName": "Live class: code review",
                     *             "occurrenceDate": "2026-11-03",
                     *             "startsAt": "2026-11-04T00:00:00Z",
                     *             "attendees": 1,
                     *             "attendeeIds": [
                     *               21
                     *             ]
                     *           }
                     *         ],
                     *         "learners": [
                     *           {
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "attended": 1,
                     *             "held": 1,
                     *             "excused": 0,
                     *             "rate": 1
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SessionAttendance"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getMeetingAttendance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
                /** @description The date of a meeting occurrence in the session's time zone (YYYY-MM-DD). */
                date: components["parameters"]["OccurrenceDate"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The meeting's attendance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "lessonId": 510,
                     *         "lessonName": "Live class: code review",
                     *         "occurrenceDate": "2026-11-03",
                     *         "startsAt": "2026-11-03T16:00:00Z",
                     *         "endsAt": "2026-11-03T17:00:00Z",
                     *         "lateAfter": "2026-11-03T16:10:00Z",
                     *         "learners": [
                     *           {
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "joinedAt": "2026-11-03T16:14:00Z",
                     *             "suggested": "LATE",
                     *             "status": "EXCUSED",
                     *             "marked": true,
                     *             "note": "Doctor's appointment, told us ahead",
                     *             "version": 1,
                     *             "markedBy": {
                     *               "id": 7,
                     *               "name": "Salma Idrissi",
                     *               "pictureUrl": null
                     *             },
                     *             "markedAt": "2026-11-03T18:02:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["MeetingAttendance"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    setAttendanceMark: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
                /** @description The date of a meeting occurrence in the session's time zone (YYYY-MM-DD). */
                date: components["parameters"]["OccurrenceDate"];
                /** @description The id of a learner with an ACTIVE enrollment in the session. */
                learnerId: components["parameters"]["LearnerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "EXCUSED",
                 *       "note": "Doctor's appointment, told us ahead",
                 *       "version": 0
                 *     }
                 */
                "application/json": components["schemas"]["AttendanceMarkRequest"];
            };
        };
        responses: {
            /** @description The learner's attendance at this meeting after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "learner": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         },
                     *         "joinedAt": null,
                     *         "suggested": "ABSENT",
                     *         "status": "EXCUSED",
                     *         "marked": true,
                     *         "note": "Doctor's appointment, told us ahead",
                     *         "version": 1,
                     *         "markedBy": {
                     *           "id": 7,
                     *           "name": "Salma Idrissi",
                     *           "pictureUrl": null
                     *         },
                     *         "markedAt": "2026-11-03T18:02:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["MeetingAttendanceLearner"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listAttendanceHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
                /** @description The date of a meeting occurrence in the session's time zone (YYYY-MM-DD). */
                date: components["parameters"]["OccurrenceDate"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 3,
                     *           "learnerId": 21,
                     *           "beforeStatus": "LATE",
                     *           "afterStatus": "EXCUSED",
                     *           "beforeNote": null,
                     *           "afterNote": "Doctor's appointment, told us ahead",
                     *           "changedBy": {
                     *             "id": 7,
                     *             "name": "Salma Idrissi",
                     *             "pictureUrl": null
                     *           },
                     *           "changedAt": "2026-11-03T18:02:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AttendanceChange"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getClassroomLesson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lesson. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "lesson": {
                     *           "id": 505,
                     *           "name": "Closures explained",
                     *           "order": 1,
                     *           "type": {
                     *             "id": 3,
                     *             "code": "reading",
                     *             "name": "Reading"
                     *           },
                     *           "duration": 20,
                     *           "day": null,
                     *           "startTime": null,
                     *           "status": null,
                     *           "deadline": null,
                     *           "points": null,
                     *           "grade": null,
                     *           "nextOccurrence": null
                     *         },
                     *         "contentHtml": "<p>A closure is a function together with its lexical environment.</p>",
                     *         "videoUrl": null,
                     *         "captionsUrl": null,
                     *         "allowLate": false,
                     *         "timeLimitMinutes": null,
                     *         "questionCount": 0,
                     *         "programming": null,
                     *         "occurrences": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ClassroomLessonDetail"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    markLessonProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "DONE"
                 *     }
                 */
                "application/json": components["schemas"]["LessonProgressRequest"];
            };
        };
        responses: {
            /** @description The progress kept (DONE is never lowered to IN_PROGRESS). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "lessonId": 505,
                     *         "sessionId": 41,
                     *         "status": "DONE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LessonProgress"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    joinMeeting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The URL to open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "url": "https://meet.jit.si/Halaqa-41-3f9c2a7be01d84c65a10",
                     *         "occurrence": {
                     *           "occurrenceDate": "2026-11-23",
                     *           "startsAt": "2026-11-24T00:00:00Z",
                     *           "endsAt": "2026-11-24T01:30:00Z",
                     *           "opensAt": "2026-11-23T23:50:00Z",
                     *           "attended": true
                     *         },
                     *         "recorded": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["MeetingJoin"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listQuizAttempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": []
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizAttempt"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    startQuizAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Lesson id (a lesson of the session's course). */
                lessonId: components["parameters"]["LessonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The open attempt, resumed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 9,
                     *         "lessonId": 503,
                     *         "sessionId": 41,
                     *         "kind": "QUIZ",
                     *         "status": "IN_PROGRESS",
                     *         "currentIndex": 1,
                     *         "startedAt": "2026-11-23T10:00:00Z",
                     *         "deadlineAt": null,
                     *         "submittedAt": null,
                     *         "score": null,
                     *         "maxScore": 2,
                     *         "questions": [
                     *           {
                     *             "id": 31,
                     *             "kind": "TRUE_FALSE",
                     *             "prompt": "typeof null is 'object'.",
                     *             "pictureUrl": null,
                     *             "points": 1,
                     *             "options": []
                     *           },
                     *           {
                     *             "id": 32,
                     *             "kind": "SINGLE",
                     *             "prompt": "What does [] + [] evaluate to?",
                     *             "pictureUrl": null,
                     *             "points": 1,
                     *             "options": [
                     *               {
                     *                 "id": "a",
                     *                 "text": "''"
                     *               },
                     *               {
                     *                 "id": "b",
                     *                 "text": "0"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "answers": {
                     *           "31": true
                     *         },
                     *         "feedback": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizAttempt"];
                    };
                };
            };
            /** @description A new attempt. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 9,
                     *         "lessonId": 503,
                     *         "sessionId": 41,
                     *         "kind": "QUIZ",
                     *         "status": "IN_PROGRESS",
                     *         "currentIndex": 0,
                     *         "startedAt": "2026-11-23T10:00:00Z",
                     *         "deadlineAt": "2026-11-23T10:10:00Z",
                     *         "submittedAt": null,
                     *         "score": null,
                     *         "maxScore": 1,
                     *         "questions": [
                     *           {
                     *             "id": 31,
                     *             "kind": "TRUE_FALSE",
                     *             "prompt": "typeof null is 'object'.",
                     *             "pictureUrl": null,
                     *             "points": 1,
                     *             "options": []
                     *           }
                     *         ],
                     *         "answers": {},
                     *         "feedback": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizAttempt"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSessionQuizAttempts: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of quiz attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": 9,
                     *             "lessonId": 503,
                     *             "lessonName": "JavaScript types",
                     *             "sessionId": 41,
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "status": "AUTOGRADED",
                     *             "startedAt": "2026-11-23T10:00:00Z",
                     *             "submittedAt": "2026-11-23T10:04:30Z",
                     *             "durationSeconds": 270,
                     *             "late": false,
                     *             "score": 1,
                     *             "maxScore": 2,
                     *             "answers": [
                     *               {
                     *                 "questionId": 31,
                     *                 "kind": "TRUE_FALSE",
                     *                 "prompt": "typeof null is 'object'.",
                     *                 "options": [],
                     *                 "answer": true,
                     *                 "correct": true,
                     *                 "pointsAwarded": 1,
                     *                 "points": 1,
                     *                 "correctAnswer": true
                     *               },
                     *               {
                     *                 "questionId": 32,
                     *                 "kind": "SINGLE",
                     *                 "prompt": "What does [] + [] evaluate to?",
                     *                 "options": [
                     *                   {
                     *                     "id": "a",
                     *                     "text": "''"
                     *                   },
                     *                   {
                     *                     "id": "b",
                     *                     "text": "0"
                     *                   }
                     *                 ],
                     *                 "answer": [
                     *                   "b"
                     *                 ],
                     *                 "correct": false,
                     *                 "pointsAwarded": 0,
                     *                 "points": 1,
                     *                 "correctAnswer": [
                     *                   "a"
                     *                 ]
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "total": 1,
                     *         "page": 1,
                     *         "pageSize": 12
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PagedQuizAttemptResult"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getGradebook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The gradebook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "weighting": "CUSTOM",
                     *         "items": [
                     *           {
                     *             "lessonId": 503,
                     *             "name": "JavaScript types",
                     *             "kind": "QUIZ",
                     *             "week": 1,
                     *             "points": 2,
                     *             "deadline": "2026-11-30T05:00:00Z",
                     *             "weight": 40
                     *           },
                     *           {
                     *             "lessonId": 504,
                     *             "name": "Todo app report",
                     *             "kind": "ASSIGNMENT",
                     *             "week": 2,
                     *             "points": 100,
                     *             "deadline": "2026-12-07T05:00:00Z",
                     *             "weight": 60
                     *           }
                     *         ],
                     *         "rows": [
                     *           {
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "cells": [
                     *               {
                     *                 "lessonId": 503,
                     *                 "status": "GRADED",
                     *                 "score": 1,
                     *                 "late": false
                     *               },
                     *               {
                     *                 "lessonId": 504,
                     *                 "status": "MISSING",
                     *                 "score": null,
                     *                 "late": false
                     *               }
                     *             ],
                     *             "total": 20
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Gradebook"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    setGradebookWeights: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "weights": [
                 *         {
                 *           "lessonId": 503,
                 *           "weight": 40
                 *         },
                 *         {
                 *           "lessonId": 504,
                 *           "weight": 60
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["GradebookWeightsRequest"];
            };
        };
        responses: {
            /** @description The gradebook with the new weights. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "weighting": "CUSTOM",
                     *         "items": [],
                     *         "rows": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Gradebook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    exportGradebook: {
        parameters: {
            query?: {
                /** @description The language of the column titles and status words. */
                lang?: "en" | "ar";
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (Content-Disposition attachment). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example Learner,E-mail,JavaScript types (Quiz · 2 pts · 40%),Total (%),Late
                     *     Omar Haddad,omar@example.com,1,20,
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getMyGrades: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The items and the caller's row (rows has exactly one entry). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "weighting": "EQUAL",
                     *         "items": [
                     *           {
                     *             "lessonId": 503,
                     *             "name": "JavaScript types",
                     *             "kind": "QUIZ",
                     *             "week": 1,
                     *             "points": 2,
                     *             "deadline": "2026-11-30T05:00:00Z",
                     *             "weight": 100
                     *           }
                     *         ],
                     *         "rows": [
                     *           {
                     *             "learner": {
                     *               "id": 21,
                     *               "name": "Omar Haddad",
                     *               "pictureUrl": null
                     *             },
                     *             "cells": [
                     *               {
                     *                 "lessonId": 503,
                     *                 "status": "GRADED",
                     *                 "score": 2,
                     *                 "late": false
                     *               }
                     *             ],
                     *             "total": 100
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Gradebook"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCertificateReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "sessionId": 41,
                     *         "courseTitle": "Data Structures and Algorithms",
                     *         "endDate": "2026-10-30",
                     *         "ended": true,
                     *         "rule": {
                     *           "minAttendance": 75,
                     *           "minGrade": 60
                     *         },
                     *         "learners": [
                     *           {
                     *             "learner": {
                     *               "id": 7,
                     *               "name": "Omar Haddad"
                     *             },
                     *             "attendance": 90,
                     *             "grade": 82.5,
                     *             "eligible": true,
                     *             "decision": null,
                     *             "reason": null,
                     *             "certificate": null
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CertificateReview"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    issueCertificates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decisions": [
                 *         {
                 *           "learnerId": 7,
                 *           "issue": false,
                 *           "reason": "Did not hand in the final project"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CertificateIssueRequest"];
            };
        };
        responses: {
            /** @description The review after issuing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CertificateReview"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            501: components["responses"]["NotImplemented"];
        };
    };
    setCertificateRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "minAttendance": 80,
                 *       "minGrade": 50
                 *     }
                 */
                "application/json": components["schemas"]["CertificateRule"];
            };
        };
        responses: {
            /** @description The review with the new rule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CertificateReview"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listMyCertificates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f1c2a4e-7b1d-4c8e-9a51-0e2f6d8b9c10",
                     *           "sessionId": 41,
                     *           "courseTitle": "Data Structures and Algorithms",
                     *           "startDate": "2026-09-01",
                     *           "endDate": "2026-10-30",
                     *           "issuedAt": "2026-11-01T10:00:00Z",
                     *           "revokedAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CertificateSummary"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCertificateKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example {"keys":[{"kty":"EC","crv":"P-256","x":"…","y":"…","kid":"k1","alg":"ES256","use":"sig"}]} */
                    "application/jwk-set+json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCertificateStatusList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The list's number (1, 2, …). */
                list: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status list credential, a VC-JWT. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example eyJhbGciOiJFUzI1NiJ9.e30.sig */
                    "application/vc+jwt": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate's public id. */
                certificateId: components["schemas"]["CertificateId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "3f1c2a4e-7b1d-4c8e-9a51-0e2f6d8b9c10",
                     *         "jwt": "eyJhbGciOiJFUzI1NiJ9.e30.sig"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CertificatePublic"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    downloadCertificatePdf: {
        parameters: {
            query?: {
                /** @description The language of the PDF. */
                lang?: "en" | "ar";
            };
            header?: never;
            path: {
                /** @description The certificate's public id. */
                certificateId: components["schemas"]["CertificateId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF (Content-Disposition attachment). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    revokeCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate's public id. */
                certificateId: components["schemas"]["CertificateId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Issued by mistake"
                 *     }
                 */
                "application/json": components["schemas"]["CertificateRevokeRequest"];
            };
        };
        responses: {
            /** @description The revoked certificate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CertificateRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    saveQuizAnswer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
                /** @description Question id. */
                questionId: components["schemas"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "answer": [
                 *         "b"
                 *       ],
                 *       "currentIndex": 1
                 *     }
                 */
                "application/json": components["schemas"]["QuizAnswerRequest"];
            };
        };
        responses: {
            /** @description The attempt with the answer saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 9,
                     *         "lessonId": 503,
                     *         "sessionId": 41,
                     *         "kind": "QUIZ",
                     *         "status": "IN_PROGRESS",
                     *         "currentIndex": 1,
                     *         "startedAt": "2026-11-23T10:00:00Z",
                     *         "deadlineAt": null,
                     *         "submittedAt": null,
                     *         "score": null,
                     *         "maxScore": 1,
                     *         "questions": [],
                     *         "answers": {
                     *           "32": [
                     *             "b"
                     *           ]
                     *         },
                     *         "feedback": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizAttempt"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    submitQuizAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The graded attempt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 9,
                     *         "lessonId": 503,
                     *         "sessionId": 41,
                     *         "kind": "QUIZ",
                     *         "status": "AUTOGRADED",
                     *         "currentIndex": 0,
                     *         "startedAt": "2026-11-23T10:00:00Z",
                     *         "deadlineAt": null,
                     *         "submittedAt": "2026-11-23T10:04:00Z",
                     *         "score": 1,
                     *         "maxScore": 1,
                     *         "questions": [
                     *           {
                     *             "id": 31,
                     *             "kind": "TRUE_FALSE",
                     *             "prompt": "typeof null is 'object'.",
                     *             "pictureUrl": null,
                     *             "points": 1,
                     *             "options": []
                     *           }
                     *         ],
                     *         "answers": {
                     *           "31": true
                     *         },
                     *         "feedback": [
                     *           {
                     *             "questionId": 31,
                     *             "correct": true,
                     *             "pointsAwarded": 1,
                     *             "points": 1,
                     *             "correctAnswer": true,
                     *             "explanation": "A historical quirk of the first JavaScript engine."
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["QuizAttempt"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getLessonAuthoring: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lesson's authoring. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "lessonId": 503,
                     *         "courseId": 7,
                     *         "courseTitle": "JavaScript from the ground up",
                     *         "type": "quiz",
                     *         "name": "Types and coercion",
                     *         "contentHtml": null,
                     *         "videoUrl": null,
                     *         "captionsUrl": null,
                     *         "link": null,
                     *         "day": null,
                     *         "startTime": null,
                     *         "points": 100,
                     *         "allowLate": false,
                     *         "timeLimitMinutes": 10,
                     *         "programming": null,
                     *         "questions": [
                     *           {
                     *             "id": 31,
                     *             "kind": "TRUE_FALSE",
                     *             "prompt": "typeof null is 'object'.",
                     *             "pictureUrl": null,
                     *             "points": 1,
                     *             "explanation": "A historical quirk of the first JavaScript engine.",
                     *             "options": [],
                     *             "answer": true
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LessonAuthoring"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateLessonAuthoring: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "timeLimitMinutes": 10,
                 *       "questions": [
                 *         {
                 *           "kind": "TRUE_FALSE",
                 *           "prompt": "typeof null is 'object'.",
                 *           "points": 1,
                 *           "explanation": "A historical quirk of the first JavaScript engine.",
                 *           "options": [],
                 *           "answer": true
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["LessonAuthoringInput"];
            };
        };
        responses: {
            /** @description The lesson's authoring, saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "lessonId": 503,
                     *         "courseId": 7,
                     *         "courseTitle": "JavaScript from the ground up",
                     *         "type": "quiz",
                     *         "name": "Types and coercion",
                     *         "contentHtml": null,
                     *         "videoUrl": null,
                     *         "captionsUrl": null,
                     *         "link": null,
                     *         "day": null,
                     *         "startTime": null,
                     *         "points": 100,
                     *         "allowLate": false,
                     *         "timeLimitMinutes": 10,
                     *         "programming": null,
                     *         "questions": [
                     *           {
                     *             "id": 31,
                     *             "kind": "TRUE_FALSE",
                     *             "prompt": "typeof null is 'object'.",
                     *             "pictureUrl": null,
                     *             "points": 1,
                     *             "explanation": "A historical quirk of the first JavaScript engine.",
                     *             "options": [],
                     *             "answer": true
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LessonAuthoring"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    submitProgrammingAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sessionId": 41,
                 *       "code": "function fizzBuzz(n) { return n % 15 === 0 ? 'FizzBuzz' : n % 3 === 0 ? 'Fizz' : n % 5 === 0 ? 'Buzz' : String(n); }"
                 *     }
                 */
                "application/json": components["schemas"]["CodeSubmissionRequest"];
            };
        };
        responses: {
            /** @description The graded submission. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 78,
                     *         "assignmentId": 504,
                     *         "sessionId": 41,
                     *         "kind": "CODE",
                     *         "learner": {
                     *           "id": 21,
                     *           "name": "Omar Haddad",
                     *           "pictureUrl": null
                     *         },
                     *         "document": null,
                     *         "code": "function fizzBuzz(n) { return String(n); }",
                     *         "results": [
                     *           {
                     *             "name": "fizzBuzz(1)",
                     *             "passed": true,
                     *             "output": ""
                     *           },
                     *           {
                     *             "name": "fizzBuzz(3)",
                     *             "passed": false,
                     *             "output": "Expected \"Fizz\", got \"3\""
                     *           }
                     *         ],
                     *         "status": "AUTOGRADED",
                     *         "grade": 50,
                     *         "points": 100,
                     *         "late": false,
                     *         "comment": null,
                     *         "submittedAt": "2026-11-23T10:15:00Z",
                     *         "gradedAt": "2026-11-23T10:15:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Submission"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getCodeDraft: {
        parameters: {
            query: {
                /** @description The session the lab is taken in. */
                sessionId: components["schemas"]["Id"];
            };
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The draft, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "code": "def fizz_buzz(n):\n    return str(n)\n",
                     *         "savedAt": "2026-11-23T10:14:02Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CodeDraft"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    saveCodeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sessionId": 41,
                 *       "code": "def fizz_buzz(n):\n    return str(n)\n"
                 *     }
                 */
                "application/json": components["schemas"]["CodeDraftRequest"];
            };
        };
        responses: {
            /** @description The saved draft. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "code": "def fizz_buzz(n):\n    return str(n)\n",
                     *         "savedAt": "2026-11-23T10:14:02Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CodeDraft"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            501: components["responses"]["NotImplemented"];
        };
    };
    runProgrammingAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sessionId": 41,
                 *       "code": "def fizz_buzz(n):\n    return str(n)\n"
                 *     }
                 */
                "application/json": components["schemas"]["CodeSubmissionRequest"];
            };
        };
        responses: {
            /** @description The results of the visible tests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "language": "python",
                     *         "passed": 1,
                     *         "total": 2,
                     *         "results": [
                     *           {
                     *             "name": "fizz_buzz(1)",
                     *             "passed": true,
                     *             "output": ""
                     *           },
                     *           {
                     *             "name": "fizz_buzz(3)",
                     *             "passed": false,
                     *             "output": "Wrong value: expected \"Fizz\""
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CodeRun"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            501: components["responses"]["NotImplemented"];
        };
    };
}
