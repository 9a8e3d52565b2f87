package main

// The two rankings of docs/matching.md, each as one statement written from the weights:
// no service, no HTTP, no JSON; its inputs (the task's skills and category, the student's
// skills, saved searches and currency) read by the statement itself. Each returns the first
// page of ids in the ranking's order, with the score and the number of candidates.

// matchesSQL ranks students for task $1; $2 is the page's length. Like the service, it adds up
// the students' match_index entries of the task's keys ("s:" and each skill, "c:" and the
// category), which the matching refresh derives from the signals and their weights.
const matchesSQL = `
WITH task AS (
  SELECT ARRAY(SELECT 's:' || name_key FROM task_skills WHERE task_id = $1)
         || ARRAY(SELECT 'c:' || category FROM tasks WHERE id = $1 AND category <> '') AS keys),
scored AS (
  SELECT user_id AS id, max(approved) AS approved,
         30 * LEAST(3, sum(proved)) + 10 * LEAST(3, sum(claimed)) + 5 * LEAST(3, sum(category_approved)) + max(points) AS score
  FROM match_index WHERE key = ANY((SELECT keys FROM task)::text[])
  GROUP BY user_id)
SELECT id, score, count(*) OVER () FROM scored ORDER BY score DESC, approved DESC, id LIMIT $2`

// recommendedSQL ranks open tasks for student $1; $2 is the base currency (CURRENCY_BASE),
// $3 the page's length.
const recommendedSQL = `
WITH me AS (
  SELECT ARRAY(SELECT name_key FROM match_skills WHERE user_id = $1) AS proved,
         ARRAY(SELECT name_key FROM user_skills WHERE user_id = $1) AS claimed,
         ARRAY(SELECT lower(trim(x)) FROM saved_searches ss, json_array_elements_text(ss.skills::json) AS x
               WHERE ss.student_id = $1) AS search_skills,
         ARRAY(SELECT category FROM saved_searches WHERE student_id = $1 AND category <> '') AS search_categories,
         COALESCE(NULLIF((SELECT currency FROM match_people WHERE user_id = $1), ''), $2) AS currency),
hits AS (
  SELECT task_id,
         count(*) FILTER (WHERE name_key = ANY(me.proved)) AS proved,
         count(*) FILTER (WHERE name_key = ANY(me.claimed) AND NOT name_key = ANY(me.proved)) AS claimed,
         bool_or(name_key = ANY(me.search_skills)) AS searched
  FROM task_skills, me
  WHERE name_key = ANY(me.proved || me.claimed || me.search_skills)
  GROUP BY task_id),
in_category AS (SELECT tasks.id AS task_id FROM tasks, me WHERE listed AND category = ANY(me.search_categories)),
candidates AS (
  SELECT COALESCE(h.task_id, ic.task_id) AS task_id, COALESCE(h.proved, 0) AS proved,
         COALESCE(h.claimed, 0) AS claimed, COALESCE(h.searched, false) AS searched
  FROM hits h FULL JOIN in_category ic ON ic.task_id = h.task_id),
scored AS (
  SELECT t.id, t.deadline,
         30 * LEAST(3, c.proved) + 10 * LEAST(3, c.claimed)
         + CASE WHEN c.searched OR t.category = ANY(me.search_categories) THEN 10 ELSE 0 END
         + CASE WHEN t.currency = me.currency THEN 5 ELSE 0 END
         + CASE WHEN s.pay_disputed > 0 THEN -10 * LEAST(3, s.pay_disputed) WHEN s.pay_paid > 0 THEN 10 ELSE 0 END
         + CASE WHEN sp.rating_count >= 3 THEN round(2.0 * sp.rating_sum / sp.rating_count)::int ELSE 0 END
         + CASE WHEN t.deadline >= now() + interval '3 days' THEN 5 ELSE 0 END AS score
  FROM candidates c
  CROSS JOIN me
  JOIN tasks t ON t.id = c.task_id AND t.listed
  JOIN users s ON s.id = t.startup_id
  LEFT JOIN match_people sp ON sp.user_id = t.startup_id
  WHERE NOT EXISTS (SELECT 1 FROM submissions sub WHERE sub.task_id = t.id AND sub.student_id = $1))
SELECT id, score, count(*) OVER () FROM scored ORDER BY score DESC, deadline, id LIMIT $3`
