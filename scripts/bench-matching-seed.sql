-- The marketplace scripts/bench-matching.sh ranks (docs/performance.md, "Matching"), written
-- with generate_series so that no account costs an argon2 hash. psql variables: students,
-- startups and tasks (how many of each; the accounts the script registered count among them),
-- bench_startup, student_common, student_typical and student_rare (the registered accounts'
-- emails). Every value follows from a row's number through hashes, so two runs seed the same
-- marketplace but for the registered accounts' ids.
--
-- Skills come from a pool of 200, skewed as real ones are: skill k is drawn with probability
-- sqrt((k+1)/200) - sqrt(k/200), so Skill0 is claimed by a quarter of the students and Skill199
-- by about one in a hundred. Tasks draw their skills from the same pool.
\set ON_ERROR_STOP on

-- u(a, b): a uniform number in [0, 1) from two integers.
CREATE FUNCTION pg_temp.u(a bigint, b bigint) RETURNS float8 IMMUTABLE LANGUAGE sql AS
  $$ SELECT (hashint8(a * 1000003 + b) & 2147483647)::float8 / 2147483648 $$;
-- skill(a, b): a skill's number, 0 the most common.
CREATE FUNCTION pg_temp.skill(a bigint, b bigint) RETURNS int IMMUTABLE LANGUAGE sql AS
  $$ SELECT floor(200 * pg_temp.u(a, b) ^ 2)::int $$;
CREATE FUNCTION pg_temp.category(a bigint) RETURNS text IMMUTABLE LANGUAGE sql AS
  $$ SELECT (ARRAY['development', 'design', 'data-analysis', 'testing', 'devops', 'mobile-development',
                   'web-development', 'ai-ml', 'cybersecurity', 'database', 'api-development',
                   'cloud-computing'])[1 + floor(12 * pg_temp.u(a, 77))::int] $$;
CREATE FUNCTION pg_temp.currency(a bigint) RETURNS text IMMUTABLE LANGUAGE sql AS
  $$ SELECT CASE WHEN pg_temp.u(a, 88) < 0.6 THEN 'USD' WHEN pg_temp.u(a, 88) < 0.85 THEN 'INR' ELSE 'EUR' END $$;

-- The registered students and the case each is (their rows are written at the end).
CREATE TEMP TABLE bench (email text, role text, skills text[], proved text[], category text, search_skill text);
INSERT INTO bench VALUES
  (:'student_common', 'common', ARRAY['Skill0', 'Skill1', 'Skill3', 'Skill5'], ARRAY['Skill0', 'Skill1'], 'web-development', NULL),
  (:'student_typical', 'typical', ARRAY['Skill20', 'Skill45', 'Skill80', 'Skill120'], ARRAY['Skill45'], NULL, 'Skill60'),
  (:'student_rare', 'rare', ARRAY['Skill185', 'Skill190', 'Skill195', 'Skill199'], ARRAY['Skill190'], NULL, 'Skill170');

-- Accounts: the registered ones are already there; the rest are made here.
INSERT INTO users (id, user_type, is_verified, email, password_hash, token_version, first_name, last_name,
                   college, bio, experience, projects, created_at, updated_at, discoverable)
SELECT md5('student' || n)::uuid::text, 'student', false, 'student' || n || '@bench.example', 'x', 0,
       'Student', n::text, 'Bench College', 'A student who likes building things.', '[]', '[]',
       now() - n * interval '1 minute', now(), pg_temp.u(n, 1) >= 0.05 -- one in twenty hides
FROM generate_series(1, :students - 3) AS n;
INSERT INTO users (id, user_type, is_verified, email, password_hash, token_version, company_name, company_description,
                   industry, created_at, updated_at)
SELECT md5('startup' || n)::uuid::text, 'startup', false, 'startup' || n || '@bench.example', 'x', 0,
       'Startup ' || n, 'A startup that posts work.', 'Software', now() - n * interval '1 hour', now()
FROM generate_series(1, :startups - 1) AS n;

-- s: the students by number; the registered ones (bench) get no generated skills, approved
-- work, pending work or saved searches of their own, only chat.
CREATE TEMP TABLE s AS
SELECT id, row_number() OVER (ORDER BY id) AS n, email IN (SELECT email FROM bench) AS bench
FROM users WHERE user_type = 'student';
CREATE TEMP TABLE st AS SELECT id, company_name, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_type = 'startup';
CREATE UNIQUE INDEX ON st (n);
-- s_skill: each student's 3 to 5 claimed skills (p is the position).
CREATE TEMP TABLE s_skill AS
SELECT DISTINCT ON (s.id, pg_temp.skill(s.n, p)) s.id, s.n, p, pg_temp.skill(s.n, p) AS k
FROM s, generate_series(0, 4) AS p WHERE p < 3 + s.n % 3 AND NOT s.bench;

INSERT INTO user_skills (id, user_id, position, name, name_key, level, is_verified)
SELECT md5('skill' || id || p)::uuid::text, id, p, 'Skill' || k, 'skill' || k,
       (ARRAY['beginner', 'intermediate', 'advanced'])[1 + p % 3], false
FROM s_skill;

-- The open market: :tasks listed tasks with 2 to 4 skills, deadlines 0 to 59 days away (a few
-- within 3 days), budgets in three currencies, 30 % unpaid.
CREATE TEMP TABLE t_skill AS
SELECT DISTINCT ON (n, pg_temp.skill(1000000 + n, p)) n, p, pg_temp.skill(1000000 + n, p) AS k
FROM generate_series(1, :tasks) AS n, generate_series(0, 3) AS p WHERE p < 2 + n % 3;
CREATE INDEX ON t_skill (n);
INSERT INTO tasks (id, startup_id, title, description, category, work_type, skills, search_text, difficulty,
                   estimated_hours, budget_min, budget_max, deadline, priority, image_url, attachments,
                   assigned_student_id, status, listed, created_at, updated_at, revision_rounds, currency, seats)
SELECT md5('task' || g.n)::uuid::text, st.id, 'Task ' || g.n, 'Build the part of the product this task names.',
       pg_temp.category(g.n), 'technical', sk.json,
       lower('Task ' || g.n || E'\nBuild the part of the product this task names.\n' || pg_temp.category(g.n) || E'\n' || sk.lines),
       'intermediate', 10, CASE WHEN pg_temp.u(g.n, 3) < 0.3 THEN 0 ELSE 100 END, CASE WHEN pg_temp.u(g.n, 3) < 0.3 THEN 0 ELSE 300 END,
       date_trunc('hour', now()) + (g.n % 60) * interval '1 day' + interval '12 hours', 'medium', '', '[]',
       '', 'open', true, now() - (g.n % 1000) * interval '1 hour', now(), 3, pg_temp.currency(g.n), 1
FROM generate_series(1, :tasks) AS g (n)
JOIN st ON st.n = 1 + g.n % :startups
CROSS JOIN LATERAL (SELECT '[' || string_agg('"Skill' || k || '"', ',' ORDER BY p) || ']' AS json,
                           string_agg('Skill' || k, E'\n' ORDER BY p) AS lines
                    FROM t_skill WHERE t_skill.n = g.n) AS sk;
INSERT INTO task_skills (name_key, task_id) SELECT 'skill' || k, md5('task' || n)::uuid::text FROM t_skill;

-- Approved work: 30 % of the students earned 1 to 3 certificates, each for a completed task of
-- its own naming two of the student's claimed skills (one in four also a skill not claimed).
CREATE TEMP TABLE cert AS
SELECT s.id AS student_id, s.n, j, st.id AS startup_id, st.company_name, st.n AS startup_n,
       md5('done' || s.n || '-' || j)::uuid::text AS task_id, pg_temp.category(5000000 + s.n * 4 + j) AS category,
       now() - (1 + floor(400 * pg_temp.u(s.n, 10 + j))::int) * interval '1 day' AS issued_at,
       pg_temp.currency(5000000 + s.n * 4 + j) AS currency
FROM s CROSS JOIN generate_series(0, 2) AS j JOIN st ON st.n = 1 + floor(:startups * pg_temp.u(s.n, 50 + j))::int
WHERE s.n % 10 < 3 AND j <= s.n % 3 AND NOT s.bench;
CREATE TEMP TABLE cert_skill AS
SELECT DISTINCT c.task_id, c.student_id, ks.k
FROM cert c
CROSS JOIN LATERAL (SELECT k FROM s_skill WHERE s_skill.id = c.student_id ORDER BY p OFFSET c.j LIMIT 2) AS ks
UNION
SELECT c.task_id, c.student_id, pg_temp.skill(c.n, 10 + c.j) FROM cert c WHERE pg_temp.u(c.n, 20 + c.j) < 0.25;
CREATE INDEX ON cert_skill (task_id);

INSERT INTO tasks (id, startup_id, title, description, category, work_type, skills, search_text, difficulty,
                   estimated_hours, budget_min, budget_max, deadline, priority, image_url, attachments,
                   assigned_student_id, status, listed, completed_at, created_at, updated_at, revision_rounds,
                   currency, seats, seats_filled)
SELECT c.task_id, c.startup_id, 'Done ' || c.n || '-' || c.j, 'Work done and approved.', c.category, 'technical',
       sk.json, lower('Done ' || c.n || E'\nWork done and approved.\n' || c.category || E'\n' || sk.lines), 'intermediate', 10,
       100, 300, c.issued_at - interval '1 day', 'medium', '', '[]', c.student_id, 'completed', false, c.issued_at,
       c.issued_at - interval '20 days', c.issued_at, 3, c.currency, 1, 1
FROM cert c
CROSS JOIN LATERAL (SELECT '[' || string_agg('"Skill' || k || '"', ',' ORDER BY k) || ']' AS json,
                           string_agg('Skill' || k, E'\n' ORDER BY k) AS lines
                    FROM cert_skill cs WHERE cs.task_id = c.task_id) AS sk;
INSERT INTO task_skills (name_key, task_id) SELECT 'skill' || k, task_id FROM cert_skill;
INSERT INTO submissions (id, task_id, student_id, startup_id, link, status, submitted_at, updated_at, reviewed_at, revision)
SELECT md5('sub' || task_id)::uuid::text, task_id, student_id, startup_id, 'https://example.com/work/' || n || '-' || j,
       'approved', issued_at - interval '3 days', issued_at, issued_at, 1
FROM cert;
INSERT INTO certificates (id, number, task_id, student_id, startup_id, student_name, startup_name, title, task_title,
                          task_category, skills, issued_at, completion_date, work_link, work_revision)
SELECT md5('cert' || c.task_id)::uuid::text, 'BW-BENCH-' || c.n || '-' || c.j, c.task_id, c.student_id, c.startup_id,
       'Student ' || c.n, c.company_name, 'Certificate of completion', 'Done ' || c.n || '-' || c.j, c.category,
       (SELECT '[' || string_agg('"Skill' || k || '"', ',' ORDER BY k) || ']' FROM cert_skill cs WHERE cs.task_id = c.task_id),
       c.issued_at, c.issued_at, 'https://example.com/work/' || c.n || '-' || c.j, 1
FROM cert c;

-- Ratings both ways on every approval, visible 14 days after (the last fortnight's are hidden).
-- Startups rate 3 to 5 stars; each startup is rated around a level of its own.
INSERT INTO ratings (id, task_id, submission_id, rater_id, ratee_id, stars, created_at, updated_at, reveal_at)
SELECT md5('r1' || task_id)::uuid::text, task_id, md5('sub' || task_id)::uuid::text, startup_id, student_id,
       3 + floor(3 * pg_temp.u(n, 30 + j))::int, issued_at, issued_at, issued_at + interval '14 days'
FROM cert
UNION ALL
SELECT md5('r2' || task_id)::uuid::text, task_id, md5('sub' || task_id)::uuid::text, student_id, startup_id,
       LEAST(5, 1 + startup_n % 4 + floor(2 * pg_temp.u(n, 40 + j))::int), issued_at, issued_at, issued_at + interval '14 days'
FROM cert;

-- Payments for the approvals; startups whose number ends in 0 disputed one in four of theirs;
-- each startup's record on its row, as package payments keeps it.
INSERT INTO payments (id, task_id, submission_id, revision, student_id, startup_id, amount, currency, status,
                      in_dispute, created_at, updated_at, paid_at)
SELECT md5('pay' || task_id)::uuid::text, task_id, md5('sub' || task_id)::uuid::text, 1, student_id, startup_id,
       20000, currency, CASE WHEN dispute THEN 'disputed' ELSE 'paid' END, dispute, issued_at, issued_at,
       issued_at + interval '2 days'
FROM (SELECT *, startup_n % 10 = 0 AND pg_temp.u(n, 60 + j) < 0.25 AS dispute FROM cert) AS c;
UPDATE users SET pay_approved = p.approved, pay_paid = p.paid, pay_disputed = p.disputed, pay_median_days = 2
FROM (SELECT startup_id, count(*) AS approved, count(*) FILTER (WHERE NOT in_dispute) AS paid,
             count(*) FILTER (WHERE in_dispute) AS disputed FROM payments GROUP BY startup_id) AS p
WHERE users.id = p.startup_id;

-- Chat: 40 % of the students answered four messages from a startup in the last 90 days, within
-- 10 minutes, 30 minutes, 3 hours or 2 days depending on the student; a tenth of them this week.
INSERT INTO messages (id, sender_id, receiver_id, content, created_at, read_at)
SELECT md5('m' || s.n || '-' || i || '-' || side)::uuid::text,
       CASE side WHEN 0 THEN st.id ELSE s.id END, CASE side WHEN 0 THEN s.id ELSE st.id END,
       CASE side WHEN 0 THEN 'Could you take this on?' ELSE 'Yes, happy to.' END,
       at + side * (ARRAY[interval '10 minutes', interval '30 minutes', interval '3 hours', interval '2 days'])[1 + s.n % 4],
       at + side * interval '1 minute'
FROM s JOIN st ON st.n = 1 + s.n % :startups, generate_series(0, 3) AS i, generate_series(0, 1) AS side,
     LATERAL (SELECT now() - (CASE WHEN s.n % 50 = 0 THEN 3 ELSE 8 + (s.n + i * 13) % 70 END) * interval '1 day' - i * interval '5 hours' AS at) AS t
WHERE s.n % 5 < 2;

-- Pending work: a student in five submitted to one open task.
INSERT INTO submissions (id, task_id, student_id, startup_id, link, status, submitted_at, updated_at, revision)
SELECT md5('pending' || s.n)::uuid::text, md5('task' || (1 + s.n * 37 % :tasks))::uuid::text, s.id, st.id,
       'https://example.com/draft/' || s.n, 'pending', now() - (s.n % 20) * interval '1 day', now(), 1
FROM s JOIN st ON st.n = 1 + (1 + s.n * 37 % :tasks) % :startups
WHERE s.n % 5 = 0 AND NOT s.bench;

-- Saved searches: a student in ten keeps one, by category or by a skill.
INSERT INTO saved_searches (id, student_id, name, search, category, skills, created_at)
SELECT md5('ss' || n)::uuid::text, id, 'My search', '',
       CASE WHEN n % 20 = 1 THEN pg_temp.category(n) ELSE '' END,
       CASE WHEN n % 20 = 1 THEN '[]' ELSE '["Skill' || pg_temp.skill(n, 60) || '"]' END, now() - interval '5 days'
FROM s WHERE n % 10 = 1 AND NOT bench;
INSERT INTO saved_search_keys (search_key, saved_search_id)
SELECT CASE WHEN category <> '' THEN 'category:' || category ELSE 'skill:' || lower(skills::json->>0) END, id
FROM saved_searches;

-- The registered accounts, made to be the cases the script times: the startup's two tasks, one
-- asking for the three most common skills, one for three of the rarest; the students: one with
-- the common skills (Skill0 and Skill1 proved), a typical one, one with rare skills, each with a
-- saved search.
INSERT INTO user_skills (id, user_id, position, name, name_key, level, is_verified)
SELECT md5('bench-skill' || u.id || sk.p)::uuid::text, u.id, sk.p - 1, sk.name, lower(sk.name), 'advanced', false
FROM users u JOIN bench b ON b.email = u.email, unnest(b.skills) WITH ORDINALITY AS sk (name, p);
INSERT INTO saved_searches (id, student_id, name, search, category, skills, created_at)
SELECT md5('bench-ss' || u.id)::uuid::text, u.id, 'Bench search', '', COALESCE(b.category, ''),
       CASE WHEN b.search_skill IS NULL THEN '[]' ELSE '["' || b.search_skill || '"]' END, now() - interval '5 days'
FROM users u JOIN bench b ON b.email = u.email;
INSERT INTO saved_search_keys (search_key, saved_search_id)
SELECT CASE WHEN b.category IS NOT NULL THEN 'category:' || b.category ELSE 'skill:' || lower(b.search_skill) END,
       md5('bench-ss' || u.id)::uuid::text
FROM users u JOIN bench b ON b.email = u.email;
-- Their approved work: two certificates each, naming the proved skills, from startups 1 and 2.
CREATE TEMP TABLE bench_cert AS
SELECT u.id AS student_id, b.role, j, st.id AS startup_id, st.company_name,
       md5('bench-done' || u.id || j)::uuid::text AS task_id, now() - (30 + j * 20) * interval '1 day' AS issued_at,
       '[' || (SELECT string_agg('"' || x || '"', ',') FROM unnest(b.proved) AS x) || ']' AS skills
FROM users u JOIN bench b ON b.email = u.email JOIN st ON st.n IN (1, 2), generate_series(0, 1) AS j
WHERE st.n = 1 + j;
INSERT INTO tasks (id, startup_id, title, description, category, work_type, skills, search_text, difficulty,
                   estimated_hours, deadline, priority, attachments, assigned_student_id, status, listed,
                   completed_at, created_at, updated_at, currency, seats, seats_filled)
SELECT task_id, startup_id, 'Bench done ' || role || j, 'Work done and approved.', 'web-development', 'technical',
       skills, lower('Bench done ' || role || j || E'\nWork done and approved.\nweb-development'), 'intermediate', 10,
       issued_at - interval '1 day', 'medium', '[]', student_id, 'completed', false, issued_at, issued_at - interval '20 days',
       issued_at, 'INR', 1, 1
FROM bench_cert;
INSERT INTO task_skills (name_key, task_id) SELECT lower(x), task_id FROM bench_cert, json_array_elements_text(skills::json) AS x;
INSERT INTO submissions (id, task_id, student_id, startup_id, link, status, submitted_at, updated_at, reviewed_at, revision)
SELECT md5('sub' || task_id)::uuid::text, task_id, student_id, startup_id, 'https://example.com/bench', 'approved',
       issued_at - interval '3 days', issued_at, issued_at, 1
FROM bench_cert;
INSERT INTO certificates (id, number, task_id, student_id, startup_id, student_name, startup_name, title, task_title,
                          task_category, skills, issued_at, completion_date, work_link, work_revision)
SELECT md5('cert' || task_id)::uuid::text, 'BW-BENCH-' || role || j, task_id, student_id, startup_id, 'Bench ' || role,
       company_name, 'Certificate of completion', 'Bench done ' || role || j, 'web-development', skills, issued_at, issued_at,
       'https://example.com/bench', 1
FROM bench_cert;
INSERT INTO payments (id, task_id, submission_id, revision, student_id, startup_id, amount, currency, status,
                      created_at, updated_at, paid_at)
SELECT md5('pay' || task_id)::uuid::text, task_id, md5('sub' || task_id)::uuid::text, 1, student_id, startup_id,
       20000, 'INR', 'paid', issued_at, issued_at, issued_at
FROM bench_cert;
-- The common student already submitted to ten of the tasks that fit them best.
INSERT INTO submissions (id, task_id, student_id, startup_id, link, status, submitted_at, updated_at, revision)
SELECT md5('bench-pending' || t.id)::uuid::text, t.id, u.id, t.startup_id, 'https://example.com/draft', 'pending', now(), now(), 1
FROM users u, LATERAL (SELECT id, startup_id FROM tasks WHERE listed AND skills = '["Skill0","Skill1"]' ORDER BY id LIMIT 10) AS t
WHERE u.email = :'student_common'
ON CONFLICT DO NOTHING;

-- The bench startup's two tasks: its first two listed ones, their skills replaced.
CREATE TEMP TABLE bench_task AS
SELECT id, row_number() OVER (ORDER BY id) AS i
FROM tasks WHERE listed AND startup_id = (SELECT id FROM users WHERE email = :'bench_startup') ORDER BY id LIMIT 2;
UPDATE tasks SET skills = CASE b.i WHEN 1 THEN '["Skill0","Skill1","Skill2"]' ELSE '["Skill197","Skill198","Skill199"]' END,
                 category = CASE b.i WHEN 1 THEN 'web-development' ELSE 'cybersecurity' END,
                 title = CASE b.i WHEN 1 THEN 'Common skills' ELSE 'Rare skills' END,
                 search_text = CASE b.i WHEN 1 THEN E'common skills\nweb-development\nskill0\nskill1\nskill2'
                                        ELSE E'rare skills\ncybersecurity\nskill197\nskill198\nskill199' END
FROM bench_task b WHERE tasks.id = b.id;
DELETE FROM task_skills WHERE task_id IN (SELECT id FROM bench_task);
INSERT INTO task_skills (name_key, task_id)
SELECT lower(x), b.id FROM bench_task b,
       unnest(CASE b.i WHEN 1 THEN ARRAY['Skill0', 'Skill1', 'Skill2'] ELSE ARRAY['Skill197', 'Skill198', 'Skill199'] END) AS x;
